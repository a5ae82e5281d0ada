import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/*
 * Lingering close (decision 116), as nginx does it. An answer can go out while the request's body
 * is still arriving: a refusal (a malformed multipart body, a wrong type, a cross-site write, a
 * sign-in redirect) is decided long before the last byte. Node then closes the connection right
 * after the answer, and when the rest of the body reaches a closed socket the server's kernel
 * answers with a reset, which makes the client's kernel drop the answer it has not read yet: a
 * client that writes its whole request before reading (as most HTTP libraries do) saw "connection
 * reset" instead of the 400 and its message. Now the server sends the answer and its FIN, then
 * reads and discards what is still coming, up to LINGER_BYTES or LINGER_MS, and only then closes.
 */

const MiB = 1024 * 1024;
/** How much of an unread body is read and thrown away after the answer (the body guard's bound). */
export const LINGER_BYTES = 16 * MiB;
/** How long the server waits for the rest of an unread body after the answer. */
export const LINGER_MS = 2_000;

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** Whether part of the request's body may still be on the wire. */
export const bodyUnread = (req: IncomingMessage) => !req.complete && hasBody(req);

/**
 * Called before answering a request whose body was not read to its end: the answer says
 * `Connection: close` (the client is not to send another request after the rest of this one),
 * and the rest is read into nothing from now on, so a client that reads only once it has written
 * everything is not stuck behind an answer it cannot read yet.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!bodyUnread(req)) return;
  if (!res.headersSent) res.setHeader("Connection", "close");
  discardBody(req);
}

const discarding = new WeakSet<Socket>();
const lingering = new WeakSet<Socket>();

/**
 * Makes sure the connection reads from the network. Node's HTTP parser consumes the socket's
 * handle directly, and a request body that backed up (a reader that gave up) stops the handle
 * without the socket's stream showing it paused, so `resume()` alone does not start it again.
 */
function kick(socket: Socket): void {
  socket.resume();
  const handle = (
    socket as unknown as { _handle?: { reading?: boolean; readStart?: () => number } }
  )._handle;
  if (handle?.reading === false && typeof handle.readStart === "function") {
    handle.reading = true;
    handle.readStart();
  }
}

/** The rest of the body read into nothing, up to LINGER_BYTES. */
function discardBody(req: IncomingMessage): void {
  const socket = req.socket;
  if (discarding.has(socket) || socket.destroyed) return;
  discarding.add(socket);
  // Nobody reads this body any more (a reader that gave up may have left it paused or piped).
  req.unpipe();
  req.resume();
  kick(socket);
  // Counted as the body arrives: the parser reads the socket's handle, not its 'data' events.
  let read = 0;
  req.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) socket.destroy();
  });
}

/** Once the answer is written: the rest of the body is read into nothing, bounded, then closed. */
function linger(req: IncomingMessage): void {
  discardBody(req);
  const socket = req.socket;
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  // Node calls destroySoon to close the connection after the answer (Connection: close): end our
  // side instead (the FIN follows the answer), keep reading, and close when the client has sent
  // everything and closed its side, or at the bound.
  socket.destroySoon = function lingeringClose(this: Socket) {
    // Closes once the answer has left, as Node's own destroySoon does.
    const close = () => (this.writableFinished ? this.destroy() : this.once("finish", close));
    if (this.writable) this.end();
    if (this.readableEnded) return close();
    kick(this);
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    this.once("end", close);
    this.once("close", () => clearTimeout(timer));
  };
}

/**
 * The request listener, with every request whose body is unread when its answer finishes closed
 * the lingering way. The hook runs before Node's own (it is prepended), so Node's close after the
 * answer already lingers.
 */
export function lingeringClose(next: RequestListener): RequestListener {
  return (req, res) => {
    if (hasBody(req))
      res.prependOnceListener("finish", () => {
        if (bodyUnread(req)) linger(req);
      });
    next(req, res);
  };
}
