# Started detached (its own session, so a Ctrl-C on the terminal reaches Atrium, which stops the cluster in order,
# and not PostgreSQL directly) by the Atrium process that starts the cluster, and run as the cluster's account.
# It runs PostgreSQL as its child and stops it when no Atrium process uses it any more: the last client normally stops
# the cluster itself on close, so this covers the client that was killed or crashed (the cluster must not outlive
# Atrium). Polling once a second keeps it to one shell process and no Node runtime.
#
# usage: sh -s -- <run dir> <postgres binary> <postgres arguments...>   (this script on standard input)
# <run dir>/clients/<pid>.<n>: one entry per open database of a live Atrium process (see clients.ts)
# <run dir>/lock: the pid of the process starting, attaching to or stopping the cluster (see lock.ts)
run=$1
shift

# kill -0 fails for another user's process (Atrium as root, this script as postgres): /proc answers then.
alive() { kill -0 "$1" 2>/dev/null || [ -d "/proc/$1" ]; }

anyone() {
  for f in "$run"/clients/*; do
    [ -e "$f" ] || continue
    p=${f##*/}
    alive "${p%%.*}" && return 0
  done
  return 1
}

"$@" &
pg=$!
while kill -0 "$pg" 2>/dev/null; do
  sleep 1
  if [ ! -d "$run" ]; then # the data directory was deleted under the cluster: nothing left to keep it for
    kill -INT "$pg" 2>/dev/null
    wait "$pg"
    exit 0
  fi
  anyone && continue
  # Nobody left: take the lock so that no process attaches while the cluster stops (a dead holder's lock is removed).
  if ! (set -C; echo $$ > "$run/lock") 2>/dev/null; then
    holder=$(cat "$run/lock" 2>/dev/null)
    if [ -n "$holder" ] && ! alive "$holder"; then rm -f "$run/lock"; fi
    continue
  fi
  if anyone; then
    rm -f "$run/lock"
    continue
  fi
  kill -INT "$pg" 2>/dev/null # fast shutdown: roll back open transactions, checkpoint, exit (unless it just exited)
  wait "$pg"
  rm -f "$run/lock"
  exit 0
done
