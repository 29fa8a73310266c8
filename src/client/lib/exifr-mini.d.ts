// exifr's mini build (JPEG and its EXIF only) has the full build's types.
declare module 'exifr/dist/mini.esm.mjs' {
  export { default, parse } from 'exifr';
}
