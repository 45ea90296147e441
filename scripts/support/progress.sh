# Long steps with a sign of life: `step` runs a command with its output in a log and, while it
# runs, shows the time so far and the newest line of the log that says what is being done
# ("Compiling serde v1.0.219", "executing 03-globals-constants-managed.ipynb"). On a terminal
# that is one line redrawn every 2 s; in a log or a pipe, a line after 1, 2, 4, 8 … minutes.
# Sourced from the repository root:
#   . scripts/support/progress.sh
#   step "building the tour" target/tour/build.log '^ *Compiling ' cargo build --example tour

# The lines of cargo, pip, npm, apt and the repository's own scripts that say what is
# being done; `step` shows the newest.
PROGRESS_LINES='^ *(Compiling|Downloaded|Installing|Building|Collecting|Downloading|Unpacking|Setting up|Get:[0-9]+|added [0-9]+ packages|executing|== )'

# duration SECONDS: "42 s", "3 min 05 s".
duration() {
  local s=$1
  if [ "$s" -lt 60 ]; then
    printf '%d s' "$s"
  else
    printf '%d min %02d s' $((s / 60)) $((s % 60))
  fi
}

# step LABEL LOG PATTERN COMMAND...: runs COMMAND (stdin closed) with stdout and stderr
# appended to LOG; prints "LABEL … " then, on a terminal, the running time and the newest line
# of LOG that matches the extended regular expression PATTERN (empty: $PROGRESS_LINES),
# redrawn every 2 s, or a line after 1, 2, 4, 8 … minutes elsewhere; ends the line with
# "done in T" or "FAILED after T (log: LOG)", which also goes to the file $STEP_TRANSCRIPT
# when it is set.
# Returns COMMAND's status; STEP_SECONDS holds its time.
step() {
  local label=$1 log=$2 pattern=${3:-$PROGRESS_LINES}
  shift 3
  # On a terminal the line is redrawn every 2 s; elsewhere a line is added after 1, 2, 4, 8 …
  # minutes, so that a long step shows it is alive in a handful of lines.
  local start=$SECONDS tty=0 every=60 next=60 ticks=0 doing status
  [ -t 2 ] && tty=1 && every=2 && next=2
  mkdir -p "$(dirname "$log")"
  "$@" </dev/null >>"$log" 2>&1 &
  local pid=$!
  printf '%s … ' "$label" >&2
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    ticks=$((ticks + 1))
    [ "$ticks" -ge "$next" ] || continue
    if [ "$tty" = 1 ]; then next=$((next + every)); else next=$((next * 2)); fi
    doing=$(tail -c 8192 "$log" 2>/dev/null | tr '\r' '\n' | grep -aE "$pattern" | tail -n 1 |
      sed -e 's/^ *//' -e 's/^== //' | cut -c 1-70)
    if [ "$tty" = 1 ]; then
      printf '\r\033[K%s … %s%s' "$label" "$(duration $((SECONDS - start)))" \
        "${doing:+, $doing}" >&2
    else
      printf '\n  … %s%s' "$(duration $((SECONDS - start)))" "${doing:+, $doing}" >&2
    fi
  done
  status=0
  wait "$pid" || status=$?
  STEP_SECONDS=$((SECONDS - start))
  if [ "$tty" = 1 ]; then
    printf '\r\033[K%s … ' "$label" >&2
  elif [ "$ticks" -ge "$every" ]; then
    printf '\n  ' >&2
  fi
  local verdict
  if [ "$status" -eq 0 ]; then
    verdict="done in $(duration "$STEP_SECONDS")"
  else
    verdict="FAILED after $(duration "$STEP_SECONDS") (log: ${log#"$PWD/"})"
  fi
  echo "$verdict" >&2
  [ -z "${STEP_TRANSCRIPT:-}" ] || echo "$label … $verdict" >>"$STEP_TRANSCRIPT"
  return "$status"
}
