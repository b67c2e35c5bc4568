/**
 * NATS subject semantics for the in-process bus: dot-separated tokens, `*` matches exactly
 * one token, `>` matches one or more trailing tokens. A token trie makes matching cost
 * proportional to the subject depth, not to the number of subscriptions; callers cache the
 * result per literal subject because the same subjects repeat on the hot path.
 */

interface TrieNode<T> {
  readonly literal: Map<string, TrieNode<T>>;
  star: TrieNode<T> | undefined;
  /** Items whose pattern ends here. */
  readonly terminal: Set<T>;
  /** Items whose pattern is `<path>.>`. */
  readonly tail: Set<T>;
}

const newNode = <T>(): TrieNode<T> => ({ literal: new Map(), star: undefined, terminal: new Set(), tail: new Set() });

const isEmptyNode = (n: TrieNode<unknown>) =>
  n.literal.size === 0 && n.star === undefined && n.terminal.size === 0 && n.tail.size === 0;

/** Throws on subjects NATS would reject too, so code that works in memory also works on a server. */
export function assertSubject(subject: string, allowWildcards: boolean): string[] {
  const tokens = subject.split('.');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const bad =
      t.length === 0 ||
      /\s/.test(t) ||
      (!allowWildcards && (t === '*' || t === '>')) ||
      (t === '>' && i !== tokens.length - 1);
    if (bad) throw new Error(`invalid subject: "${subject}"`);
  }
  return tokens;
}

export class SubjectTrie<T> {
  private readonly root: TrieNode<T> = newNode();

  insert(pattern: string, item: T): void {
    const tokens = assertSubject(pattern, true);
    let node = this.root;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === '>') {
        node.tail.add(item);
        return;
      }
      let next = t === '*' ? node.star : node.literal.get(t);
      if (!next) {
        next = newNode();
        if (t === '*') node.star = next;
        else node.literal.set(t, next);
      }
      node = next;
    }
    node.terminal.add(item);
  }

  /** Removes the item and prunes empty branches, so short-lived subjects don't leak nodes. */
  remove(pattern: string, item: T): void {
    const tokens = pattern.split('.');
    const path: Array<[TrieNode<T>, string]> = [];
    let node: TrieNode<T> | undefined = this.root;
    for (const t of tokens) {
      if (t === '>') {
        node.tail.delete(item);
        break;
      }
      path.push([node, t]);
      node = t === '*' ? node.star : node.literal.get(t);
      if (!node) return;
    }
    if (tokens[tokens.length - 1] !== '>') node.terminal.delete(item);
    for (let i = path.length - 1; i >= 0; i--) {
      const [parent, t] = path[i];
      const child = t === '*' ? parent.star : parent.literal.get(t);
      if (!child || !isEmptyNode(child)) break;
      if (t === '*') parent.star = undefined;
      else parent.literal.delete(t);
    }
  }

  /** All items whose pattern matches the literal subject tokens. */
  match(tokens: readonly string[]): T[] {
    const out: T[] = [];
    this.collect(this.root, tokens, 0, out);
    return out;
  }

  private collect(node: TrieNode<T>, tokens: readonly string[], i: number, out: T[]): void {
    if (i === tokens.length) {
      for (const item of node.terminal) out.push(item);
      return;
    }
    // `>` needs at least one more token, which holds here because i < tokens.length.
    for (const item of node.tail) out.push(item);
    const lit = node.literal.get(tokens[i]);
    if (lit) this.collect(lit, tokens, i + 1, out);
    if (node.star) this.collect(node.star, tokens, i + 1, out);
  }
}

/** Compiles one pattern into a predicate; for stream filters and KV watches, where a trie is overkill. */
export function subjectMatcher(pattern: string): (subject: string) => boolean {
  const p = assertSubject(pattern, true);
  const hasTail = p[p.length - 1] === '>';
  return (subject) => {
    const s = subject.split('.');
    if (hasTail ? s.length < p.length : s.length !== p.length) return false;
    const n = hasTail ? p.length - 1 : p.length;
    for (let i = 0; i < n; i++) if (p[i] !== '*' && p[i] !== s[i]) return false;
    return true;
  };
}
