#!/usr/bin/env bash
# `npm test`: every suite of the project, on a bare Debian machine or a developer's one.
#
#   1. installs what is missing (root + apt: chromium, postgresql, clamav-daemon; npm ci of tools/prisma-diff)
#      and starts a throw-away clamd (temp dir, unix socket + free loopback port, the EICAR
#      signature database of tests/fixtures/clamav); CLAMD_SOCKET/CLAMD_HOST/CLAMD_PORT -> it
#   2. starts a throw-away PostgreSQL on 127.0.0.1 (temp dir, free port, trust auth), db kyc_test
#   3. DATABASE_URL -> it; npm run db:migrate
#   4. unit tests (vitest.config.ts, embedded PGlite, DATABASE_URL unset; TEST_POSTGRES_URL =
#      a second database of that PostgreSQL for the tests that need PostgreSQL itself)
#   5. migration drift test (prisma/migrations.test.ts)
#   6. next build + next start on a free port (DATABASE_URL = the PostgreSQL above)
#   7. API contract tests (vitest.api.config.ts, API_BASE_URL) and Playwright journeys
#      (playwright.config.ts, E2E_BASE_URL)
#   8. one line per suite, then the final line "N passed, N failed"; exit status 0 only when
#      every suite ran and nothing failed. A suite that crashes or cannot run counts as failed.
#
# Focused runs while developing (CI sets none of these): TEST_LINT=skip skips the static checks;
# TEST_UNIT, TEST_API and TEST_E2E each
# take `skip` (the suite is not run) or space-separated file filters passed to vitest /
# playwright, e.g. TEST_UNIT=skip TEST_API=skip TEST_E2E=e2e/flow-kyc.spec.ts npm test.
# TEST_UNIT=skip also skips the drift test; TEST_API=skip with TEST_E2E=skip skips the build.
#
# clamd, PostgreSQL and the app are stopped and their temp dirs deleted on every exit (trap),
# also on failure and Ctrl-C.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NEXT_TELEMETRY_DISABLED=1

T0=$SECONDS
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kyc-test.XXXXXX")
PGROOT=""
PG_BIN=""
PG_PORT=""
APP_PID=""
APP_LOG="$WORK/app.log"
PG_OK=0
APP_OK=0
APP_WHY=""
CLAMD_DIR=""
CLAMD_PID=""

SUMMARY=()
PHASES=()
TOTAL_PASSED=0
TOTAL_FAILED=0

log() { printf '\n==> %s\n' "$*"; }
warn() { printf '!!! %s\n' "$*" >&2; }

# phase NAME START_SECONDS: records the duration of a phase for the timing line.
phase() { PHASES+=("$1 $(( SECONDS - $2 ))s"); }

# record NAME PASSED FAILED NOTE SECONDS: one suite's result.
record() {
  TOTAL_PASSED=$(( TOTAL_PASSED + $2 ))
  TOTAL_FAILED=$(( TOTAL_FAILED + $3 ))
  SUMMARY+=("$(printf '%-6s %s passed, %s failed%s (%ss)' "$1:" "$2" "$3" "${4:+ - $4}" "$5")")
}

# A free TCP port on 127.0.0.1 (the kernel picks it; released just before use).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Runs a command as the PostgreSQL user: PostgreSQL refuses to run as root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# kill_group PID: ends the process group led by PID (started with setsid below): TERM, up to
# 10 s to exit, then KILL for whatever is left (e.g. a test worker stuck in a loop).
kill_group() {
  kill -TERM -- "-$1" 2>/dev/null || return 0
  for _ in $(seq 1 50); do
    kill -0 -- "-$1" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$1" 2>/dev/null
  wait "$1" 2>/dev/null
}

stop_app() {
  [ -n "$APP_PID" ] || return 0
  kill_group "$APP_PID"
  APP_PID=""
}

# run_limited SECONDS CMD...: runs CMD in a process group of its own, at most SECONDS long
# (exit status 124 after that), and ends every process it left behind. Ctrl-C reaches this
# script only; the trap below ends the running group.
RUN_PID=""
run_limited() {
  local limit=$1 code
  shift
  setsid "$@" </dev/null &
  RUN_PID=$!
  local deadline=$(( SECONDS + limit ))
  while kill -0 "$RUN_PID" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 1; done
  if kill -0 "$RUN_PID" 2>/dev/null; then
    warn "timed out after ${limit}s: $*"
    kill_group "$RUN_PID"
    code=124
  else
    wait "$RUN_PID"
    code=$?
    kill_group "$RUN_PID"
  fi
  RUN_PID=""
  return "$code"
}

stop_pg() {
  [ -n "$PGROOT" ] || return 0
  if [ -f "$PGROOT/data/postmaster.pid" ]; then
    local pid
    pid=$(head -n 1 "$PGROOT/data/postmaster.pid")
    as_pg "$PG_BIN/pg_ctl" -D "$PGROOT/data" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || { [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; }
  fi
  rm -rf "$PGROOT"
  PGROOT=""
}

stop_clamd() {
  [ -z "$CLAMD_PID" ] || kill_group "$CLAMD_PID"
  CLAMD_PID=""
  [ -z "$CLAMD_DIR" ] || rm -rf "$CLAMD_DIR"
  CLAMD_DIR=""
}

cleanup() {
  [ -z "$RUN_PID" ] || kill_group "$RUN_PID"
  stop_app
  stop_pg
  stop_clamd
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'warn "interrupted"; exit 130' INT
trap 'warn "terminated"; exit 143' TERM

print_app_log() {
  [ -s "$APP_LOG" ] || return 0
  printf '\n--- last 80 lines of the app log (%s) ---\n' "$1"
  tail -n 80 "$APP_LOG"
  printf -- '--- end of app log ---\n'
}

# vitest_counts JSON EXIT_CODE -> "passed failed total". A file that fails without a failing
# test (import error, failing hook) counts as one failure; so does a runner that exits non-zero
# with nothing failed (unhandled error) or writes no report at all.
vitest_counts() {
  node -e '
    const fs = require("fs");
    const [file, code] = process.argv.slice(1);
    let passed = 0, failed = 0, total = 0;
    try {
      const r = JSON.parse(fs.readFileSync(file, "utf8"));
      passed = r.numPassedTests; failed = r.numFailedTests; total = r.numTotalTests;
      failed += r.testResults.filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed")).length;
    } catch { failed = 1; }
    if (code !== "0" && failed === 0) failed = 1;
    console.log(passed, failed, total);
  ' "$1" "$2"
}

# playwright_counts JSON EXIT_CODE -> "passed failed total" (flaky = passed on retry).
playwright_counts() {
  node -e '
    const fs = require("fs");
    const [file, code] = process.argv.slice(1);
    let passed = 0, failed = 0, total = 0;
    try {
      const r = JSON.parse(fs.readFileSync(file, "utf8"));
      const s = r.stats;
      passed = s.expected + s.flaky; failed = s.unexpected + (r.errors?.length ?? 0);
      total = s.expected + s.flaky + s.unexpected + s.skipped;
    } catch { failed = 1; }
    if (code !== "0" && failed === 0) failed = 1;
    console.log(passed, failed, total);
  ' "$1" "$2"
}

# count_files DIR NAME_GLOB [EXCLUDED_PATH...]: test files under DIR, skipping the given paths.
count_files() {
  local dir=$1 name=$2 prune=(-path ./node_modules -o -path ./.git -o -path ./.next -o -path ./.data)
  shift 2
  for p in "$@"; do prune+=(-o -path "$p"); done
  [ -d "$dir" ] || { echo 0; return; }
  find "$dir" \( "${prune[@]}" \) -prune -o -type f -name "$name" -print | wc -l
}

# finish_suite NAME RUNNER CODE REPORT "PASSED FAILED TOTAL" FILES LIMIT START: records a
# suite that ran. FILES is how many test files exist for it: if some exist and no test ran,
# the suite failed. Returns non-zero when it failed.
finish_suite() {
  local name=$1 runner=$2 code=$3 report=$4 files=$6 limit=$7 start=$8 passed failed total note=""
  read -r passed failed total <<<"$5"
  if [ "$code" = 124 ]; then note="timed out after ${limit}s"
  elif [ ! -f "$report" ]; then note="$runner crashed (exit $code, no report)"
  elif [ "$code" != 0 ]; then note="$runner exited $code"
  elif [ "$total" = 0 ] && [ "$files" -gt 0 ]; then note="$files test files but no test ran"; failed=1
  elif [ "$total" = 0 ]; then note="no test files"
  fi
  record "$name" "$passed" "$failed" "$note" $(( SECONDS - start ))
  phase "$name" "$start"
  [ "$failed" = 0 ]
}

# run_vitest NAME LIMIT FILES ARGS...: runs one Vitest suite (at most LIMIT seconds) under
# "${RUN_ENV[@]}" (e.g. `env -u DATABASE_URL`) and records it.
RUN_ENV=(env)
run_vitest() {
  local name=$1 limit=$2 files=$3 json="$WORK/$1.json" t=$SECONDS code
  shift 3
  log "$name: vitest run $*"
  run_limited "$limit" "${RUN_ENV[@]}" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$json"
  code=$?
  finish_suite "$name" vitest "$code" "$json" "$(vitest_counts "$json" "$code")" "$files" "$limit" "$t"
}

# ---------------------------------------------------------------------------------------------
# 1. Prerequisites
t=$SECONDS
log "prerequisites"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
{ [ -x /usr/sbin/clamd ] || command -v clamd >/dev/null; } || missing+=(clamav-daemon)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    warn "missing ${missing[*]}: install them (apt-get install ${missing[*]}) or run as root"
  else
    echo "apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$WORK/apt.log" 2>&1 \
      || { tail -n 30 "$WORK/apt.log"; warn "apt-get install failed"; }
  fi
fi
if [ ! -d tools/prisma-diff/node_modules ]; then
  echo "npm ci --prefix tools/prisma-diff"
  npm ci --prefix tools/prisma-diff --no-audit --no-fund --loglevel=error || warn "npm ci --prefix tools/prisma-diff failed"
fi
phase prerequisites "$t"

# ---------------------------------------------------------------------------------------------
# Throw-away clamd for the upload pipeline (server/uploads/): the repo's EICAR signature database
# (tests/fixtures/clamav; freshclam's databases cannot be downloaded here), config from
# tests/fixtures/clamav/clamd.conf.in (shared with tests/fixtures/clamd.ts). Every later phase
# (unit tests, the app, API tests, journeys) inherits CLAMD_SOCKET/CLAMD_HOST/CLAMD_PORT.
t=$SECONDS
log "clamd"
start_clamd() {
  local bin port
  bin=$(command -v clamd || echo /usr/sbin/clamd)
  [ -x "$bin" ] || { warn "clamd is not installed"; return 1; }
  CLAMD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/kyc-clamd.XXXXXX")
  port=$(free_port) || return 1
  sed -e "s|@DIR@|$CLAMD_DIR|g" -e "s|@DB@|$PWD/tests/fixtures/clamav|g" -e "s|@PORT@|$port|g" \
    tests/fixtures/clamav/clamd.conf.in >"$CLAMD_DIR/clamd.conf"
  setsid "$bin" -c "$CLAMD_DIR/clamd.conf" >"$CLAMD_DIR/out.log" 2>&1 </dev/null &
  CLAMD_PID=$!
  # Up when it answers zPING with PONG on its unix socket (clamd(8)); give up after 60 s or when it exits.
  if ! node -e '
    const net = require("net");
    const [sock, pid] = process.argv.slice(1);
    const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
    const ping = () => new Promise((resolve) => {
      const s = net.createConnection({ path: sock });
      let reply = "";
      s.setTimeout(2000, () => { s.destroy(); resolve(false); });
      s.on("error", () => resolve(false));
      s.on("connect", () => s.write("zPING\0"));
      s.on("data", (d) => { reply += d; if (reply.includes("\0")) { s.destroy(); resolve(reply.startsWith("PONG")); } });
    });
    const deadline = Date.now() + 60_000;
    (async () => {
      while (Date.now() < deadline && alive()) {
        if (await ping()) process.exit(0);
        await new Promise((r) => setTimeout(r, 250));
      }
      console.error(alive() ? "clamd did not answer PING within 60 s" : "clamd exited");
      process.exit(1);
    })();
  ' "$CLAMD_DIR/clamd.sock" "$CLAMD_PID"; then
    cat "$CLAMD_DIR/out.log" "$CLAMD_DIR/clamd.log" 2>/dev/null | tail -n 30
    stop_clamd
    return 1
  fi
  export CLAMD_SOCKET="$CLAMD_DIR/clamd.sock" CLAMD_HOST=127.0.0.1 CLAMD_PORT=$port
  echo "$("$bin" --version) on $CLAMD_SOCKET and 127.0.0.1:$CLAMD_PORT"
}
start_clamd || warn "could not start clamd (the upload tests start their own or fail)"
phase clamd "$t"

# ---------------------------------------------------------------------------------------------
# 2-3. Throw-away PostgreSQL + migrations
t=$SECONDS
log "PostgreSQL"
start_pg() {
  PG_BIN=$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)
  [ -x "$PG_BIN/initdb" ] || { warn "PostgreSQL is not installed"; return 1; }
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres || return 1
  fi
  PGROOT=$(mktemp -d "${TMPDIR:-/tmp}/kyc-pg.XXXXXX")
  [ "$(id -u)" = 0 ] && chown postgres: "$PGROOT"
  PG_PORT=$(free_port) || return 1
  as_pg "$PG_BIN/initdb" -D "$PGROOT/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$WORK/initdb.log" 2>&1 \
    || { cat "$WORK/initdb.log"; warn "initdb failed"; return 1; }
  as_pg "$PG_BIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PGROOT -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$PGROOT/postgres.log"; warn "PostgreSQL did not start"; return 1; }
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres kyc_test || return 1
  # A second database for unit tests that need a real PostgreSQL (TEST_POSTGRES_URL).
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres kyc_unit || return 1
  export DATABASE_URL="postgresql://postgres@127.0.0.1:$PG_PORT/kyc_test"
  echo "PostgreSQL $("$PG_BIN/postgres" -V | awk '{print $3}') on 127.0.0.1:$PG_PORT, DATABASE_URL=$DATABASE_URL"
}
if start_pg; then
  log "npm run db:migrate"
  if run_limited 300 npm run --silent db:migrate; then PG_OK=1; else warn "db:migrate failed"; fi
else
  warn "could not start PostgreSQL"
fi
phase postgres+migrate "$t"

# ---------------------------------------------------------------------------------------------
# Static checks: ESLint (house rules in eslint.config.mjs), Prettier (--check) and the import-cycle
# check (madge over server/ and inngest/, type-only imports included). Each is one test: any
# violation fails it (and so the run). TEST_LINT=skip skips them.
if [ "${TEST_LINT:-}" != skip ]; then
  t=$SECONDS
  lint_passed=0
  lint_failed=0
  for check in lint:eslint format:check lint:cycles; do
    log "npm run $check"
    if run_limited 600 npm run --silent "$check"; then lint_passed=$(( lint_passed + 1 )); else lint_failed=$(( lint_failed + 1 )); fi
  done
  record lint "$lint_passed" "$lint_failed" "" "$(( SECONDS - t ))"
  phase lint "$t"
fi

# ---------------------------------------------------------------------------------------------
# 4-5. Unit tests and the migration drift test: embedded PGlite per test file, no DATABASE_URL.
# Tests that exercise PostgreSQL itself (several processes on one database) get their own
# database in TEST_POSTGRES_URL and are skipped without it.
RUN_ENV=(env -u DATABASE_URL)
[ "$PG_OK" = 1 ] && RUN_ENV+=("TEST_POSTGRES_URL=${DATABASE_URL%/*}/kyc_unit")
if [ "${TEST_UNIT:-}" != skip ]; then
  # shellcheck disable=SC2086 # TEST_UNIT: space-separated filters
  run_vitest unit 1200 \
    "$(count_files . '*.test.ts' ./tools ./tests/api ./e2e ./prisma/migrations.test.ts)" \
    --exclude prisma/migrations.test.ts --passWithNoTests ${TEST_UNIT:-}
  run_vitest drift 300 1 prisma/migrations.test.ts
fi
RUN_ENV=(env)

# ---------------------------------------------------------------------------------------------
# 6. Production build, started once for the API tests and the journeys.
SKIP_APP=0
[ "${TEST_API:-}" = skip ] && [ "${TEST_E2E:-}" = skip ] && SKIP_APP=1
if [ "$SKIP_APP" = 1 ]; then
  :
elif [ "$PG_OK" != 1 ]; then
  APP_WHY="PostgreSQL or its migrations failed"
else
  t=$SECONDS
  log "next build"
  run_limited 900 bash -c 'npx next build 2>&1 | tee "$0"; exit "${PIPESTATUS[0]}"' "$WORK/build.log"
  code=$?
  phase build "$t"
  if [ "$code" = 0 ]; then
    t=$SECONDS
    APP_PORT=$(free_port)
    while [ "$APP_PORT" = "$PG_PORT" ]; do APP_PORT=$(free_port); done
    export APP_URL="http://127.0.0.1:$APP_PORT"
    log "next start on $APP_URL (log: $APP_LOG)"
    # Dashboard account emails (password reset, invitations) go to a loopback SMTP port that the
    # journeys listen on while they need it (e2e/dashboard-*.spec.ts; E2E_SMTP_PORT).
    export E2E_SMTP_PORT=$(free_port)
    # Own session (setsid), so Ctrl-C reaches this script, which stops the whole group.
    # WEBHOOK_ALLOW_LOOPBACK: the suites' webhook receivers listen on 127.0.0.1.
    # METRICS_TOKEN: GET /metrics is served to this bearer token (tests/api/health.test.ts).
    export METRICS_TOKEN="kyc-test-metrics-token-0123456789"
    DATA_DIR="$WORK/app-data" PORT=$APP_PORT AUTH_SECRET="kyc-test-auth-secret-0123456789" AUTH_TRUST_HOST=true WEBHOOK_ALLOW_LOOPBACK=true \
      SMTP_URL="smtp://127.0.0.1:$E2E_SMTP_PORT" EMAIL_FROM="Verify <no-reply@verify.test>" \
      setsid npx next start -H 127.0.0.1 -p "$APP_PORT" >"$APP_LOG" 2>&1 < /dev/null &
    APP_PID=$!
    # Up when it answers any HTTP status; give up after 120 s or when it exits.
    if node -e '
      const [url, pid] = process.argv.slice(1);
      const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
      const deadline = Date.now() + 120_000;
      (async () => {
        while (Date.now() < deadline && alive()) {
          try { await fetch(url, { signal: AbortSignal.timeout(5000) }); process.exit(0); } catch {}
          await new Promise((r) => setTimeout(r, 500));
        }
        console.error(alive() ? "the app did not answer within 120 s" : "the app exited");
        process.exit(1);
      })();
    ' "$APP_URL/" "$APP_PID"; then
      APP_OK=1
      echo "app answers after $(( SECONDS - t ))s"
    else
      APP_WHY="next start failed"
      print_app_log "$APP_WHY"
      stop_app
    fi
    phase app-start "$t"
  else
    APP_WHY="next build failed"
    warn "$APP_WHY (output above)"
  fi
fi

# ---------------------------------------------------------------------------------------------
# 7. API contract tests and browser journeys against the running app.
api_files=$(count_files tests/api '*.test.ts')
e2e_files=$(count_files e2e '*.spec.ts' e2e/artifacts)
if [ "$SKIP_APP" = 1 ]; then
  :
elif [ "$APP_OK" = 1 ]; then
  # DATA_DIR: the suites share the app's data directory (evidence blobs stored by a test are
  # served by the app).
  export API_BASE_URL=$APP_URL E2E_BASE_URL=$APP_URL DATA_DIR="$WORK/app-data"
  if [ "${TEST_API:-}" != skip ]; then
    # shellcheck disable=SC2086 # TEST_API: space-separated filters
    run_vitest api 900 "$api_files" -c vitest.api.config.ts ${TEST_API:-} || print_app_log "api suite failed"
  fi

  if [ "${TEST_E2E:-}" = skip ]; then
    :
  elif [ "$e2e_files" = 0 ]; then
    record e2e 0 0 "no specs in e2e/" 0
  else
    t=$SECONDS
    log "e2e: playwright test (artifacts of failures in e2e/artifacts/)"
    run_limited 1800 env PLAYWRIGHT_JSON_OUTPUT_NAME="$WORK/e2e.json" npx playwright test --reporter=line,json ${TEST_E2E:-}
    code=$?
    finish_suite e2e playwright "$code" "$WORK/e2e.json" "$(playwright_counts "$WORK/e2e.json" "$code")" "$e2e_files" 1800 "$t" \
      || print_app_log "e2e suite failed"
  fi
  stop_app
else
  # Neither suite could run: each counts as one failure.
  record api 0 1 "not run: $APP_WHY" 0
  if [ "$e2e_files" = 0 ]; then record e2e 0 0 "no specs in e2e/" 0; else record e2e 0 1 "not run: $APP_WHY" 0; fi
fi

# ---------------------------------------------------------------------------------------------
# 8. Summary. Stop everything first so that nothing prints after the final line.
cleanup
trap - EXIT
PHASES+=("total $(( SECONDS - T0 ))s")
printf '\n==> summary\nphases: %s\n' "$(printf '%s, ' "${PHASES[@]}" | sed 's/, $//')"
printf '%s\n' "${SUMMARY[@]}"
echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed"
[ "$TOTAL_FAILED" = 0 ]
