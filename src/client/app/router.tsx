import type { RouteObject } from 'react-router';
import { HomePage } from '#client/pages/home-page.tsx';
import { NotFoundPage } from '#client/pages/not-found-page.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every route of the specification. The home page ships in the first bundle; the other
 * public pages, the customer area and the admin area load only when visited.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/connexion', lazy: async () => ({ Component: (await import('#client/pages/connexion-page.tsx')).ConnexionPage }) },
      {
        path: '/qui-sommes-nous',
        lazy: async () => ({ Component: (await import('#client/pages/qui-sommes-nous-page.tsx')).QuiSommesNousPage }),
      },
      {
        path: '/comment-ca-marche',
        lazy: async () => ({ Component: (await import('#client/pages/comment-ca-marche-page.tsx')).CommentCaMarchePage }),
      },
      { path: '/faq', lazy: async () => ({ Component: (await import('#client/pages/faq-page.tsx')).FaqPage }) },
      {
        path: '/mentions-legales',
        lazy: async () => ({ Component: (await import('#client/pages/mentions-legales-page.tsx')).MentionsLegalesPage }),
      },
      {
        path: '/mot-de-passe-oublie',
        lazy: async () => ({ Component: (await import('#client/pages/mot-de-passe-oublie-page.tsx')).MotDePasseOubliePage }),
      },
      {
        path: '/reinitialiser-mot-de-passe',
        lazy: async () => ({ Component: (await import('#client/pages/reinitialiser-mot-de-passe-page.tsx')).ReinitialiserMotDePassePage }),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: '/espace-client',
            lazy: async () => ({ Component: (await import('#client/pages/espace-client-page.tsx')).EspaceClientPage }),
          },
          {
            path: '/devis/archives',
            lazy: async () => ({ Component: (await import('#client/pages/devis-archives-page.tsx')).DevisArchivesPage }),
          },
          { path: '/devis/:id', lazy: async () => ({ Component: (await import('#client/pages/devis-detail-page.tsx')).DevisDetailPage }) },
          {
            path: '/devis/:id/completer',
            lazy: async () => ({ Component: (await import('#client/pages/completer-devis-page.tsx')).CompleterDevisPage }),
          },
          {
            path: '/devis/:id/signer',
            lazy: async () => ({ Component: (await import('#client/pages/signer-devis-page.tsx')).SignerDevisPage }),
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: '/admin', lazy: async () => ({ Component: (await import('#client/pages/admin-page.tsx')).AdminPage }) },
          {
            path: '/admin/devis-archives',
            lazy: async () => ({ Component: (await import('#client/pages/admin-devis-archives-page.tsx')).AdminDevisArchivesPage }),
          },
          {
            path: '/admin/devis/:id/edit',
            lazy: async () => ({ Component: (await import('#client/pages/admin-edit-devis-page.tsx')).AdminEditDevisPage }),
          },
          {
            path: '/admin/devis/:id/upload-signe',
            lazy: async () => ({ Component: (await import('#client/pages/admin-upload-signe-page.tsx')).AdminUploadSignePage }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
