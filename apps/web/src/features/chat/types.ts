import type { UserRole } from '@app/contracts';

/** A message as the landing preview shows it; the chat feature widens it. */
export interface RecentMessage {
  id: number | string;
  content: string;
  createdAt?: string;
  sender?: { id?: number; username?: string; avatar?: string | null; role?: UserRole } | null;
}

export interface CommunityStats {
  totalUsers: number;
  rating: number;
}
