// Which `X-Forwarded-*` values to believe: those added by the configured number of proxies in
// front of Rampart, counted from the connection inwards. `true` (Fastify's "trust every hop") let
// a client name any address it liked, and so escape the per-address rate limit on sign-in.
import type { FastifyServerOptions } from "fastify";

/**
 * Hop 0 is the connection's peer (the nearest proxy); with `hops` proxies the client's address is
 * the one the outermost proxy appended, and anything a client wrote before it is ignored. (Fastify
 * reads a bare number as "trust nothing", so the count is given as a function.)
 */
export function trustProxyHops(hops: number): FastifyServerOptions["trustProxy"] {
  if (hops <= 0) return false;
  return (_address: string, hop: number) => hop < hops;
}
