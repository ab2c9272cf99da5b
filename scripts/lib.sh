# Shared by scripts/serve and scripts/test: find Python 3.11 and keep .venv installed.

python311() {
    for candidate in python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
            echo "$candidate"
            return 0
        fi
    done
    echo "TwentyNine needs Python 3.11 (python3.11 or python3 on PATH)." >&2
    return 1
}

# ensure_venv [extras]: create .venv if needed and install the project (with extras): first
# exactly the packages requirements.lock pins (as the Docker image does), then the extras.
ensure_venv() {
    local extras="${1:-}"
    if [ ! -x .venv/bin/python ]; then
        "$(python311)" -m venv .venv
        .venv/bin/python -m pip install --quiet --upgrade pip
    fi
    local target="."
    [ -n "$extras" ] && target=".[$extras]"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check \
        --require-hashes --no-deps -r requirements.lock
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target"
}

# as_root CMD...: run a command as root (directly, or through sudo).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_debian_packages PKG...: apt-get install whichever are missing.
ensure_debian_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$pkg")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "Installing Debian packages: ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

# start_services DIR: start a throw-away PostgreSQL and Redis on loopback under DIR
# and export DATABASE_URL and REDIS_URL for them. stop_services DIR stops both.
PG_PORT="${TWENTYNINE_PG_PORT:-54329}"
REDIS_PORT="${TWENTYNINE_REDIS_PORT:-63799}"

start_services() {
    local dir="$1" pgbin run=()
    pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$dir"
        run=(runuser -u postgres --)
    fi
    "${run[@]}" "$pgbin/initdb" -D "$dir/pg" -A trust -U postgres >/dev/null
    "${run[@]}" "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w \
        -o "-p $PG_PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
    "${run[@]}" "$pgbin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres twentynine
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
        --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
    export DATABASE_URL="postgresql://postgres@127.0.0.1:$PG_PORT/twentynine"
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
    for _ in $(seq 50); do
        redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "Redis did not start; see $dir/redis.log" >&2
    return 1
}

stop_services() {
    local dir="$1" pgbin run=()
    pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
    [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    [ -f "$dir/redis.pid" ] && kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
    [ -d "$dir/pg" ] && "${run[@]}" "$pgbin/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
