#!/usr/bin/env bash
# Serve the app as N Streamlit processes behind nginx, on loopback, with sticky sessions.
#
#   scripts/serve.sh N [PORT]        (defaults: N=2, PORT=8500; open http://127.0.0.1:PORT)
#
# Streamlit process k listens on 127.0.0.1:$((PORT+k)); nginx (Debian's package) listens
# on 127.0.0.1:PORT and sends every request of one browser to the same process: it gives
# each new browser a random cookie (bezique_route) and hashes on it (`hash ... consistent`),
# so a learner's session, which lives in one process's memory, stays on that process.
# The progress store is shared: a SQLite file by default (one host), or the PostgreSQL
# database that BEZIQUE_DATABASE_URL names. Runs in the foreground; Ctrl-C or SIGTERM
# stops nginx and every Streamlit process. Files (config, logs, pids) go to
# $BEZIQUE_SERVE_DIR (default .serve/).
# BEZIQUE_SERVED=1 tells the app it is served: each browser is then its own learner (a
# cookie), with sign-in to carry a record to other devices (docs/serving.md, "Learners").
#
# Supervised: a Streamlit process that dies is started again (a loop per process; the
# pid file follows it, restarts are counted in restarts-k), and nginx stops sending to a
# process that refuses connections (max_fails=1 fail_timeout=5s: the browsers it served
# go to the next process, which resumes their games from the progress store).
set -euo pipefail
export BEZIQUE_SERVED=${BEZIQUE_SERVED:-1}
cd "$(dirname "$0")/.."
N=${1:-2}
PORT=${2:-8500}
[[ "$N" =~ ^[1-9][0-9]?$ ]] || { echo "usage: scripts/serve.sh N [PORT]  (1 <= N <= 99)" >&2; exit 2; }
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT >= 1024 && PORT + N <= 65535 )) \
  || { echo "PORT must be a number from 1024 up" >&2; exit 2; }
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
[ -x "$NGINX" ] || { echo "nginx not found: apt-get install nginx" >&2; exit 1; }
PYTHON=${PYTHON:-python}
command -v "$PYTHON" >/dev/null || PYTHON=python3
DIR=$(mkdir -p "${BEZIQUE_SERVE_DIR:-.serve}" && cd "${BEZIQUE_SERVE_DIR:-.serve}" && pwd)
mkdir -p "$DIR/tmp"
chmod 1777 "$DIR/tmp"    # nginx's workers may run as another user
rm -f "$DIR"/streamlit-*.pid "$DIR/ready"

pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}

# Process k on its port, started again whenever it ends, until this script stops it.
supervise() {
  local k=$1 port=$2 child="" restarts=0
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait; exit 0' TERM INT
  while true; do
    # postScriptGC off: a full gc.collect() after every script run cost about 0.1 s of a
    # 0.17 s click on Play (scripts/load_test.py, 1 session); Python's own generational
    # collector still frees cycles, and the load test reports memory to watch it.
    "$PYTHON" -m streamlit run app.py --server.address 127.0.0.1 --server.port "$port" \
      --server.headless true --browser.gatherUsageStats false --runner.postScriptGC false \
      >>"$DIR/streamlit-$k.log" 2>&1 &
    child=$!
    echo "$child" >"$DIR/streamlit-$k.pid"
    local started=$SECONDS rc=0
    wait "$child" || rc=$?
    restarts=$((restarts + 1))
    echo "$restarts" >"$DIR/restarts-$k"
    echo "$(date -Is) process $k (pid $child) ended with status $rc; starting it again" \
      >>"$DIR/supervisor.log"
    # A process that dies at once (a broken install) is not restarted in a tight loop.
    (( SECONDS - started < 5 )) && sleep 2
  done
}
trap stop EXIT
trap 'exit 0' INT TERM

servers=""
rm -f "$DIR"/restarts-* "$DIR"/streamlit-*.log
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
  || { cat "$DIR/nginx-test.log" >&2; exit 1; }
"$NGINX" -e "$DIR/nginx-error.log" -c "$DIR/nginx.conf" -p "$DIR" &
pids+=($!)
echo $! >"$DIR/nginx-master.pid"

for k in $(seq 1 "$N"); do   # wait for every process to answer its health check
  for _ in $(seq 1 120); do
    "$PYTHON" - "$((PORT + k))" <<'PY' && break
import sys, urllib.request
try:
    urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/_stcore/health", timeout=1)
except OSError:
    sys.exit(1)
PY
    sleep 0.5
  done
done
echo "serving on http://127.0.0.1:$PORT ($N Streamlit processes; logs in $DIR); Ctrl-C stops"
echo ready >"$DIR/ready"
wait
