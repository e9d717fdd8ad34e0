// A response path (graphql's `info.path`) whose links are kept: the same position of a route's answer is the same
// object in every request. The Prisma plugin (@pothos/selection-mapper) records a request's row plans under the path
// and memoises each link's key string per link object, so a link made once serves every request; graphql-jit made a
// fresh path for every resolver call, and every field of every row rebuilt its key strings (docs/performance.md).
import type { GraphQLResolveInfo } from 'graphql';

type Path = GraphQLResolveInfo['path'];

/** Children kept per link: a longer list's further items get links of their own on each request (correct, uncached),
 *  so a huge answer cannot grow what is kept without bound. */
const KEPT = 1000;

let made = 0;
/** Links made since start: a test's proof that a warm route makes none. */
export const linksMade = () => made;

export class PathLink implements Path {
  #children: Map<unknown, PathLink> | undefined;
  /** The top of an answer, above its root fields: not a link of their paths. */
  #top = false;

  private constructor(
    readonly prev: PathLink | undefined,
    readonly key: string | number,
    readonly typename: string | undefined,
  ) {
    made++;
  }

  /** The top of an operation's answer: its children are the root fields' paths (whose `prev` is undefined). */
  static root(): PathLink {
    const top = new PathLink(undefined, '', undefined);
    top.#top = true;
    return top;
  }

  /** The link below this one for `key`; `owner` tells apart positions that share a key (a field of each concrete type
   *  under an abstract one), defaulting to the key. */
  child(key: string | number, typename: string | undefined, owner: unknown = key): PathLink {
    const children = (this.#children ??= new Map());
    let link = children.get(owner);
    if (link === undefined) {
      link = new PathLink(this.#top ? undefined : this, key, typename);
      if (children.size < KEPT) children.set(owner, link);
    }
    return link;
  }
}
