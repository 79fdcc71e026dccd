#!/usr/bin/env bash
# Serve the app as N Streamlit processes behind nginx, on loopback, with sticky sessions.
#
#   scripts/serve.sh N [PORT]        (defaults: N=2, PORT=8500; open http://127.0.0.1:PORT)
#
# Streamlit process k listens on 127.0.0.1:$((PORT+k)); nginx (Debian's package) listens
# on 127.0.0.1:PORT and sends every request of one browser to the same process: it gives
# each new browser a random cookie (bezique_route) and hashes on it (`hash ... consistent`),
# so a learner's session, which lives in one process's memory, stays on that process.
# Each process runs app_served.py: the app plus the endpoint that sets the learner's
# cookie HttpOnly (app_pages/cookie_route.py).
# The progress store is shared: a SQLite file by default (one host), or the PostgreSQL
# database that BEZIQUE_DATABASE_URL names. Runs in the foreground; Ctrl-C or SIGTERM
# stops nginx and every Streamlit process with everything they started (each runs in a
# process group of its own, and the whole group is ended). Files (config, logs, pids)
# go to $BEZIQUE_SERVE_DIR (default .serve/).
# BEZIQUE_SERVED=1 tells the app it is served: each browser is then its own learner (a
# cookie), with sign-in to carry a record to other devices (docs/serving.md, "Learners").
#
# It says "serving" only once nginx and every process answer on their own ports; a port
# taken, nginx refusing its configuration or a process that ends or does not answer
# within $BEZIQUE_READY_SECONDS (180) stops everything, says why, and exits 1.
#
# Supervised: a Streamlit process that dies is started again (a loop per process; the
# pid file follows it, restarts are counted in restarts-k), and so is one that stops
# answering: its health check (/_stcore/health, $BEZIQUE_HEALTH_TIMEOUT s, every
# $BEZIQUE_HEALTH_EVERY s) failing $BEZIQUE_HEALTH_MISSES times in a row (defaults 30,
# 10, 3: a hung process is restarted within about 2 minutes; a busy one is not, as 40
# sessions on an overloaded 2-core machine still had it answer within 22 s). nginx
# stops sending to a process that refuses connections (max_fails=1 fail_timeout=5s: the
# browsers it served go to the next process, which resumes their games from the store).
set -euo pipefail
set -m   # every background job in a process group of its own, ended whole by stop()
export BEZIQUE_SERVED=${BEZIQUE_SERVED:-1}
cd "$(dirname "$0")/.."
N=${1:-2}
PORT=${2:-8500}
[[ "$N" =~ ^[1-9][0-9]?$ ]] || { echo "usage: scripts/serve.sh N [PORT]  (1 <= N <= 99)" >&2; exit 2; }
# The computer's moves and hints run in each process's pool of bot workers
# (app_pages/bot_worker.py): the CPUs are shared among the N processes, at least one each.
export BEZIQUE_BOT_WORKERS=${BEZIQUE_BOT_WORKERS:-$(( ($(nproc) + N - 1) / N ))}
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT >= 1024 && PORT + N <= 65535 )) \
  || { echo "PORT must be a number from 1024 up" >&2; exit 2; }
HEALTH_EVERY=${BEZIQUE_HEALTH_EVERY:-10}
HEALTH_TIMEOUT=${BEZIQUE_HEALTH_TIMEOUT:-30}
HEALTH_MISSES=${BEZIQUE_HEALTH_MISSES:-3}
READY_SECONDS=${BEZIQUE_READY_SECONDS:-180}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
[ -x "$NGINX" ] || { echo "nginx not found: apt-get install nginx" >&2; exit 1; }
PYTHON=${PYTHON:-python}
command -v "$PYTHON" >/dev/null || PYTHON=python3
DIR=$(mkdir -p "${BEZIQUE_SERVE_DIR:-.serve}" && cd "${BEZIQUE_SERVE_DIR:-.serve}" && pwd)
mkdir -p "$DIR/tmp"
chmod 1777 "$DIR/tmp"    # nginx's workers may run as another user
rm -f "$DIR"/streamlit-*.pid "$DIR"/answered-* "$DIR/ready"

fail() {
  echo "serve.sh: $*" >&2
  exit 1
}

# Whether URL answers 200 within HEALTH_TIMEOUT seconds; with -h, only when the answer
# carries nginx's X-Bezique-Upstream header (our nginx, not another server on the port).
http_ok() {
  local header=""
  [ "$1" = -h ] && { header=X-Bezique-Upstream; shift; }
  if command -v curl >/dev/null; then
    local got
    got=$(curl -s -o /dev/null -D - -m "$HEALTH_TIMEOUT" -f "$1" 2>/dev/null) || return 1
    [ -z "$header" ] || grep -qi "^$header:" <<<"$got"
  else
    "$PYTHON" - "$1" "$HEALTH_TIMEOUT" "$header" <<'PY'
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=float(sys.argv[2])) as reply:
        sys.exit(0 if reply.status == 200 and (not sys.argv[3] or reply.headers.get(sys.argv[3])) else 1)
except OSError:
    sys.exit(1)
PY
  fi
}

# Every port this script listens on must be free now: otherwise another program would
# answer the health checks in our place.
"$PYTHON" - "$PORT" "$N" <<'PY' || exit 1
import socket, sys
port, n = int(sys.argv[1]), int(sys.argv[2])
for p in range(port, port + n + 1):
    with socket.socket() as sock:
        # As nginx and uvicorn bind: a port left in TIME_WAIT by a server just stopped
        # is free, one that a program listens on is not.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", p))
        except OSError as exc:
            sys.exit(f"serve.sh: port {p} on 127.0.0.1 is taken ({exc.strerror}): stop what "
                     f"uses it, or choose another PORT (this script uses {port}..{port + n})")
PY

pids=()
stop() {
  trap - INT TERM EXIT
  local pid
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for _ in $(seq 1 50); do   # up to 10 s for a clean stop, then no more waiting
    local alive=0
    for pid in "${pids[@]}"; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
    (( alive )) || break
    sleep 0.2
  done
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}

# Process k on its port, started again whenever it ends or stops answering, until this
# script stops it.
supervise() {
  local k=$1 port=$2 child="" restarts=0
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait; exit 0' TERM INT
  while true; do
    # postScriptGC off: a full gc.collect() after every script run cost about 0.1 s of a
    # 0.17 s click on Play (scripts/load_test.py, 1 session); Python's own generational
    # collector still frees cycles, and the load test reports memory to watch it.
    "$PYTHON" -m streamlit run app_served.py --server.address 127.0.0.1 \
      --server.port "$port" --server.headless true --browser.gatherUsageStats false \
      --runner.postScriptGC false >>"$DIR/streamlit-$k.log" 2>&1 &
    child=$!
    echo "$child" >"$DIR/streamlit-$k.pid"
    local started=$SECONDS rc=0 answered=0 misses=0 why="ended"
    while kill -0 "$child" 2>/dev/null; do
      # Until its first answer the process is polled often: it counts as started (and
      # its misses count) from that answer on, and "ready" waits for it (answered-k).
      if (( answered )); then sleep "$HEALTH_EVERY" & else sleep 0.5 & fi
      wait $! || true
      kill -0 "$child" 2>/dev/null || break
      if http_ok "http://127.0.0.1:$port/_stcore/health"; then
        (( answered )) || echo "$child" >"$DIR/answered-$k"
        answered=1 misses=0
      elif (( answered || SECONDS - started > READY_SECONDS )); then
        misses=$((misses + 1))
        if (( misses >= HEALTH_MISSES )); then   # hung (stopped, deadlocked): start afresh
          why="did not answer its health check $misses times in a row"
          kill -KILL "$child" 2>/dev/null || true
          break
        fi
      fi
    done
    wait "$child" || rc=$?
    restarts=$((restarts + 1))
    echo "$restarts" >"$DIR/restarts-$k"
    echo "$(date -Is) process $k (pid $child) $why (status $rc); starting it again" \
      >>"$DIR/supervisor.log"
    # A process that dies at once (a broken install) is not restarted in a tight loop.
    (( SECONDS - started < 5 )) && sleep 2
  done
}
trap stop EXIT
trap 'exit 0' INT TERM

servers=""
rm -f "$DIR"/restarts-* "$DIR"/streamlit-*.log "$DIR"/supervisor.log
for k in $(seq 1 "$N"); do
  port=$((PORT + k))
  supervise "$k" "$port" &
  pids+=($!)
  # One refused connection marks the process down for 5 s (then nginx tries it again):
  # its browsers go to the next process meanwhile.
  servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
done

cat >"$DIR/nginx.conf" <<CONF
# Written by scripts/serve.sh: $N Streamlit processes behind one loopback address.
worker_processes 1;
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $DIR/tmp/body;
    proxy_temp_path $DIR/tmp/proxy;
    fastcgi_temp_path $DIR/tmp/fastcgi;
    uwsgi_temp_path $DIR/tmp/uwsgi;
    scgi_temp_path $DIR/tmp/scgi;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    # Sticky sessions: a browser without the cookie gets a random one.
    map \$cookie_bezique_route \$bezique_route { '' \$request_id; default \$cookie_bezique_route; }
    map \$cookie_bezique_route \$bezique_set_cookie {
        '' "bezique_route=\$request_id; Path=/; HttpOnly; SameSite=Lax";
        default '';
    }
    upstream bezique {
        hash \$bezique_route consistent;
$servers    }
    server {
        listen 127.0.0.1:$PORT;
        location / {
            proxy_pass http://bezique;
            proxy_next_upstream error timeout;     # a dead process: try the next one
            proxy_connect_timeout 2s;              # loopback: a live process answers at once
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_set_header Host \$http_host;     # with the port: Streamlit checks Origin
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_read_timeout 1d;                  # the app's websocket stays open
            proxy_buffering off;
            add_header Set-Cookie \$bezique_set_cookie always;
            add_header X-Bezique-Upstream \$upstream_addr always;   # which process served
        }
    }
}
CONF
"$NGINX" -t -q -e "$DIR/nginx-error.log" -c "$DIR/nginx.conf" -p "$DIR" 2>"$DIR/nginx-test.log" \
  || { cat "$DIR/nginx-test.log" >&2; fail "nginx refused its configuration ($DIR/nginx.conf)"; }
"$NGINX" -e "$DIR/nginx-error.log" -c "$DIR/nginx.conf" -p "$DIR" &
nginx_pid=$!
pids+=($nginx_pid)
echo "$nginx_pid" >"$DIR/nginx-master.pid"

# Ready means: nginx and every process alive, each process answering on its own port
# without having been restarted, and nginx answering for them. A process's answer is
# its supervisor's (answered-k), never one of our own: a process that hangs right after
# "serving" is then already watched, not given the start-up grace of READY_SECONDS.
deadline=$((SECONDS + READY_SECONDS))
for k in $(seq 1 "$N"); do
  until [ -e "$DIR/answered-$k" ]; do
    kill -0 "$nginx_pid" 2>/dev/null \
      || fail "nginx ended at start-up: $(tail -n 3 "$DIR/nginx-error.log" 2>/dev/null)"
    if [ -e "$DIR/restarts-$k" ]; then
      tail -n 15 "$DIR/streamlit-$k.log" >&2 || true
      fail "Streamlit process $k ended at start-up (its log above: $DIR/streamlit-$k.log)"
    fi
    (( SECONDS < deadline )) \
      || fail "Streamlit process $k did not answer on port $((PORT + k)) within ${READY_SECONDS} s ($DIR/streamlit-$k.log)"
    sleep 0.5
  done
done
until http_ok -h "http://127.0.0.1:$PORT/_stcore/health"; do
  kill -0 "$nginx_pid" 2>/dev/null \
    || fail "nginx ended at start-up: $(tail -n 3 "$DIR/nginx-error.log" 2>/dev/null)"
  (( SECONDS < deadline )) || fail "nginx did not answer on port $PORT within ${READY_SECONDS} s"
  sleep 0.5
done
echo "serving on http://127.0.0.1:$PORT ($N Streamlit processes; logs in $DIR); Ctrl-C stops"
echo ready >"$DIR/ready"
# Until a signal, or nginx or a supervisor ending (which is not meant to happen).
wait -n || true
fail "$(kill -0 "$nginx_pid" 2>/dev/null && echo "a supervisor" || echo nginx) ended; stopping"
