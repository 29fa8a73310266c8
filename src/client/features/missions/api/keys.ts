export const missionKeys = {
  planning: ['missions', 'planning'] as const,
  mission: (id: string) => ['missions', 'mission', id] as const,
  feed: ['missions', 'feed'] as const,
  customer: (id: string) => ['missions', 'customer', id] as const,
};
