import { Injectable } from '@nestjs/common';
import type { BlockListChangedEvent } from '@app/contracts';
import { ClientSocket, SocketRegistry } from '../realtime/socket-registry';

interface Entry {
  /** Shared by every socket of the user here, changed in place. */
  ids: Set<number>;
  /** Counts the changes heard, so a join answer read before a change cannot undo it. */
  version: number;
}

/**
 * Per user connected to this gateway, the senders whose room messages they do not see (the
 * people they blocked). Fan-out asks one set lookup per socket and message; the list arrives
 * with each join answer and changes by chat-svc's event, which only the blocker's gateways use.
 */
@Injectable()
export class HiddenSenders {
  private readonly byUser = new Map<number, Entry>();

  constructor(private readonly registry: SocketRegistry) {
    registry.onClose((socket) => {
      if (registry.socketsOf(socket.user.id).length === 0) this.byUser.delete(socket.user.id);
    });
  }

  version(userId: number): number {
    return this.byUser.get(userId)?.version ?? 0;
  }

  /** The list a join answered, taken unless a change was heard since the join was asked (at `versionAsked`). */
  adopt(socket: ClientSocket, ids: number[], versionAsked: number) {
    const entry = this.entry(socket.user.id);
    if (entry.version === versionAsked) replace(entry.ids, ids);
    socket.hiddenSenders = entry.ids;
  }

  changed(event: BlockListChangedEvent) {
    if (this.registry.socketsOf(event.userId).length === 0) return;
    const entry = this.entry(event.userId);
    entry.version += 1;
    replace(entry.ids, event.blockedUserIds);
  }

  private entry(userId: number): Entry {
    let entry = this.byUser.get(userId);
    if (!entry) this.byUser.set(userId, (entry = { ids: new Set(), version: 0 }));
    return entry;
  }
}

function replace(set: Set<number>, ids: number[]) {
  set.clear();
  for (const id of ids) set.add(id);
}
