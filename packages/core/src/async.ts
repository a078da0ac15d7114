/**
 * The asynchronous shape of a port: every method returns a promise of what it returns. A port that
 * is already asynchronous is its own `Async` (promises are not nested), so an adapter written as
 * `implements Async<Port>` stays valid whether the port's methods are declared sync or async.
 * Generic methods lose their type parameter through the mapping; declare those on the port itself.
 */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : T[K];
};
