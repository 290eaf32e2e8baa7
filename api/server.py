"""`adjudicator serve`: waitress, set up for clients that do not play fair (issue 9).

waitress reads every request whole in its event loop before a worker thread sees it, so a slow
client holds a connection, never a thread. What is set here:

- a request (headers and body) must arrive within `read_seconds`; waitress's own timeout only
  closes connections that are *idle*, which a client sending a byte every few seconds never is;
- bodies over 4 MiB are refused as they arrive, chunked ones included (waitress would otherwise
  buffer up to 1 GiB to disk first); bodies up to that size reach the app, which answers its own
  2 MiB limit with a problem+json 413;
- 1,000 connections instead of waitress's 100, watched with poll() (select() stops at 1,024);
- compute requests in flight (api/throttle.py), unless configured: threads - 2, so that two
  threads are always left for `/healthz` and cheap reads, and no more than the machine's cores:
  the replays share one GIL, so more of them at once only add waiting, `/healthz`'s included.

One process still has one address's worth of connections to give: facing the internet, put a
reverse proxy in front (docs/security.md)."""

from __future__ import annotations

import os
import resource
import time

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

from .limits import MAX_BODY

SETTINGS = {
    "max_request_body_size": 2 * MAX_BODY,
    "max_request_header_size": 64 * 1024,
    "channel_timeout": 60,  # an idle keep-alive connection
    "cleanup_interval": 2,  # how often the timeouts are looked at (a cheap pass over the connections)
    "asyncore_use_poll": True,
    "ident": "dune-adjudicator",
}


class Channel(HTTPChannel):
    """Remembers when the request being read began to arrive."""

    reading_since: float | None = None

    def received(self, data):
        if self.request is None:
            self.reading_since = time.time()
        done = super().received(data)
        if self.request is None:  # nothing half-read is left
            self.reading_since = None
        return done


class Server(TcpWSGIServer):
    channel_class = Channel
    read_seconds = 30.0

    def maintenance(self, now):
        super().maintenance(now)
        cutoff = now - self.read_seconds
        for channel in list(self.active_channels.values()):
            since = getattr(channel, "reading_since", None)
            if since is not None and since < cutoff:
                channel.will_close = True  # the event loop closes it


def serve(app, host: str, port: int, threads: int = 8, connections: int = 1000, read_seconds: float = 30) -> None:
    _enough_descriptors(connections + 64)
    if app.config.get("COMPUTE_IN_FLIGHT") is None:
        app.config["COMPUTE_IN_FLIGHT"] = max(1, min(threads - 2, os.cpu_count() or 1))
    adj = Adjustments(host=host, port=port, threads=threads, connection_limit=connections, **SETTINGS)
    server = Server(app, map={}, adj=adj)
    server.read_seconds = read_seconds
    server.run()


def _enough_descriptors(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        limit = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
