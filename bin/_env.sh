# Shared by bin/run and bin/test: the virtual environment and embedded Redis.
VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"

ensure_venv() {
  # Create the venv and install the pinned lock file; reinstall only when the
  # lock file changed (its hash is stamped inside the venv).
  if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
  fi
  local want have
  want="$(sha256sum "$ROOT/requirements.lock" | cut -d' ' -f1)"
  have="$(cat "$VENV/.lock-hash" 2>/dev/null || true)"
  if [ "$want" != "$have" ]; then
    "$PY" -m pip install -q --upgrade pip
    "$PY" -m pip install -q -r "$ROOT/requirements.lock"
    echo "$want" > "$VENV/.lock-hash"
  fi
}

REDIS_PID=""
start_embedded_redis_if_needed() {
  if [ -n "${REDIS_URL:-}" ]; then return; fi
  local fifo="$VAR_DIR/redis-url.$$"
  rm -f "$fifo"; mkfifo "$fifo"
  "$PY" "$ROOT/bin/embedded_redis.py" --dir "$VAR_DIR" > "$fifo" &
  REDIS_PID=$!
  read -r REDIS_URL < "$fifo"
  rm -f "$fifo"
  export REDIS_URL
  trap 'stop_embedded_redis' EXIT
  echo "embedded redis at $REDIS_URL"
}

stop_embedded_redis() {
  if [ -n "$REDIS_PID" ]; then kill "$REDIS_PID" 2>/dev/null || true; wait "$REDIS_PID" 2>/dev/null || true; fi
}
