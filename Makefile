# csmj — all set-up and checks go through these targets.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/test

.PHONY: run test test-js test-fast test-db test-api-contract lint native bench bench-instructions bench-analyse bench-seating bench-me schema browser-deps venv migrate demo clean audit test-worker bench-site bench-import serve loadtest loadtest-night faults replica-up replica-down test-replica

# Test processes for pytest-xdist (-n). Each process that runs browser tests starts its own
# live server and its own Chromium (tests/browser/conftest.py).
TEST_WORKERS ?= 2

# openapi-typescript and tsc for the API contract test (package.json, exact versions in
# package-lock.json; node_modules is git-ignored).
NODE_TOOLS := node_modules/.installed

$(NODE_TOOLS): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

venv: $(STAMP)

# Opt-in, for deployments that bulk-import: the engine's hot path compiled with mypyc
# (scoring/engine/native.py) into build/engine-native/. It fails without a C compiler;
# without a current build the engine runs as plain Python, with the same results.
native: $(STAMP)
	$(PYTHON) -m scoring.engine.native_build

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PYTHON) || $(PY) -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -r requirements-dev.txt
	touch $(STAMP)

migrate: venv
	$(PYTHON) manage.py migrate --noinput

demo: migrate
	$(PYTHON) manage.py load_demo

run: demo
	$(PYTHON) manage.py collectstatic --noinput -v 0
	DEBUG=$${DEBUG:-true} $(PYTHON) manage.py runserver $(HOST):$(PORT)

# Debian's chromium and CJK fonts for the Playwright browser tests (never a browser download).
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "noto.*cjk"; then \
		echo "Installing chromium and fonts-noto-cjk from Debian's packages"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	fi

# Everything: the round form's JavaScript units, then the suite, the browser tests included,
# in one run of TEST_WORKERS processes.
test: venv browser-deps $(NODE_TOOLS) test-js
	$(PYTHON) -m pytest -n $(TEST_WORKERS) --durations=15

# The round form's scripts under node's own test runner (tests/js/; the suite runs them too,
# tests/scoring/recording/test_round_form_js.py). They read the engine's tables through the venv.
test-js: venv
	node --test tests/js/

# The quick loop while working: no browser tests, nothing marked slow; the slowest 15
# named at the end. It installs nothing from the system: without a Chinese font (make
# browser-deps) the tests that draw result images are skipped, saying so (under CI they
# fail). The browser tests and Schemathesis' (all slow; building its cases alone takes
# seconds in each process) are not even collected.
FAST_IGNORE := --ignore=tests/browser --ignore=tests/csmj_site/test_schemathesis.py
test-fast: venv $(NODE_TOOLS)
	$(PYTHON) -m pytest -n $(TEST_WORKERS) -m "not browser and not slow" $(FAST_IGNORE) --durations=15

# The database tests again, against PostgreSQL.
test-db: venv $(NODE_TOOLS)
	DATABASE_URL=$${DATABASE_URL:-$(PG_URL)} $(PYTHON) -m pytest -n $(TEST_WORKERS) -m "not browser" tests

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Rounds per second of the engine this checkout runs (plain Python, or compiled after
# make native); the target applies to the compiled engine.
bench: venv
	$(PYTHON) -m bench.bench_engine

# The engine's speed measure: instructions per round (valgrind), exact whatever the load,
# on another commit (BASE, default: the engine before the table options) and on this
# tree, plain and, after make native, compiled.
BASE ?= 6d0a9b4
bench-instructions: venv
	$(PYTHON) -m bench.compare --base $(BASE)

bench-analyse: venv
	$(PYTHON) -m bench.bench_analyse

# The seating draw of league nights against Pantheon's method (docs/performance.md).
bench-seating: venv
	$(PYTHON) -m bench.bench_seating

# Schemathesis against /api/schema/: every operation, bounded (under 3 minutes).
test-api-contract: venv
	$(PYTHON) -m pytest -p no:warnings tests/csmj_site/test_schemathesis.py

schema: venv
	$(PYTHON) manage.py spectacular --lang en --file docs/openapi.yaml --validate

# pip-audit on the pinned requirements (docs/reliability.md). Not a CI gate: its advisory
# source may be out of reach.
audit: venv
	$(BIN)/pip install -q pip-audit==2.10.1 && $(BIN)/pip-audit -r requirements.txt

# Load test (docs/reliability.md): 50 clients for 60 s against gunicorn + PostgreSQL + a Celery
# worker on Redis (database LOAD_DB, dropped and created), then an audit of what was stored.
LOAD_DB ?= postgres://postgres@127.0.0.1:5432/csmj_load
loadtest: venv
	LOAD_DB=$(LOAD_DB) $(PYTHON) -m loadtest.run

# A league night under load (docs/performance.md): 16 tables recording a round every 10–20 s
# while 200 logged-out phones follow the board and their tables, for 60 s, on its own
# database (LOAD_NIGHT_DB, dropped and created) and Redis database 3; then the audit. Two
# gunicorn processes answer the follow polls and two everything else (docs/deploy.md).
# NIGHT_REPLICA=1: the boards and follow polls read the streaming replica of
# make replica-up (run it first; make replica-down after), the saves write the primary.
LOAD_NIGHT_DB ?= postgres://postgres@127.0.0.1:5432/csmj_load_night
NIGHT_REPLICA ?=
loadtest-night: venv
	LOAD_DB=$(LOAD_NIGHT_DB) LOAD_BROKER=$${LOAD_BROKER:-redis://127.0.0.1:6379/3} \
		LOAD_WORKERS=$${LOAD_WORKERS:-2} NIGHT_REPLICA=$(NIGHT_REPLICA) REPLICA_PORT=$(REPLICA_PORT) \
		$(PYTHON) -m loadtest.night

# Fault injection: PostgreSQL restarted mid-writes, a Celery worker killed mid-task, the
# broker down. Restarts the machine's PostgreSQL and Redis: not part of `make test`.
faults: venv
	LOAD_DB=$(LOAD_DB) $(PYTHON) -m loadtest.faults

clean:
	rm -rf $(VENV) build staticfiles db.sqlite3

# Celery through the machine's Redis and a real worker process. The worker and
# the test share a throw-away SQLite file; the worker is stopped whatever the outcome.
WORKER_DB ?= /tmp/csmj-worker.sqlite3
WORKER_BROKER ?= redis://127.0.0.1:6379/0
test-worker: venv
	rm -f $(WORKER_DB) /tmp/csmj-worker.log
	DATABASE_URL=sqlite:///$(WORKER_DB) $(PYTHON) manage.py migrate --noinput -v 0
	export DATABASE_URL=sqlite:///$(WORKER_DB) CELERY_BROKER_URL=$(WORKER_BROKER); \
	$(BIN)/celery -A csmj_site purge -f >/dev/null; \
	$(BIN)/celery -A csmj_site worker --pool=solo --loglevel=info --logfile=/tmp/csmj-worker.log & \
	worker=$$!; \
	$(PYTHON) -m pytest -m worker -p no:randomly tests/worker; status=$$?; \
	kill $$worker; wait $$worker; \
	if [ $$status -ne 0 ]; then tail -40 /tmp/csmj-worker.log; fi; \
	exit $$status

# A streaming replica of the machine's PostgreSQL (127.0.0.1:5432) as a second cluster on
# REPLICA_PORT (loadtest/replica.py, docs/deploy.md): pg_basebackup with a replication
# slot into REPLICA_DIR; down stops it, drops the slot and removes the directory. The
# primary is never restarted (a pg_hba.conf replication line is added and reloaded).
REPLICA_PORT ?= 5433
REPLICA_DIR ?= /var/lib/postgresql/csmj-replica
replica-up: venv
	REPLICA_PORT=$(REPLICA_PORT) REPLICA_DIR=$(REPLICA_DIR) $(PYTHON) -m loadtest.replica up

replica-down: venv
	REPLICA_PORT=$(REPLICA_PORT) REPLICA_DIR=$(REPLICA_DIR) $(PYTHON) -m loadtest.replica down

# The replica test (tests/replica) against the primary and the replica of make replica-up,
# in a throw-away database REPLICA_DB (created, migrated and dropped by the test).
REPLICA_DB ?= csmj_replica_test
test-replica: venv
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/$(REPLICA_DB) \
	DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$(REPLICA_PORT)/$(REPLICA_DB) \
		$(PYTHON) -m pytest -m replica -p no:randomly tests/replica

# The site at scale on PostgreSQL (docs/performance.md): ~400,000 generated rounds in BENCH_DB (created and
# filled on the first run, kept afterwards), then latency through gunicorn (Procfile, honcho),
# on this tree and on BENCH_BASE (a worktree under bench/.trees/, its own database
# BENCH_DB_<commit>) in the same run, with HEAD/BASE; BENCH_BASE= measures this tree only.
BENCH_DB ?= postgres://postgres@127.0.0.1:5432/csmj_bench
BENCH_BASE ?= 5c0d0d6
# BENCH_SCALE=10 also generates a club ten times the big one (~4,000,000 rounds, its own
# slug, demo-league-x10) and measures it beside the 400,000-round club.
BENCH_SCALE ?= 1
bench-site: venv
	DATABASE_URL=$(BENCH_DB) BENCH_BASE=$(BENCH_BASE) BENCH_SCALE=$(BENCH_SCALE) $(PYTHON) -m bench.bench_site

# The import's floor (docs/performance.md): bench-import-src's export imported by BENCH_BASE
# and by this tree as it is, with one row a round and with no rows, in turn, in make
# bench-site's databases (the clubs generated when absent).
bench-import: venv
	BENCH_DB=$(BENCH_DB) $(PYTHON) -m bench.bench_import --base $(BENCH_BASE)

# 我的 (/me/) for one user with ~20,000 rounds in three clubs (docs/performance.md), cold and
# warm, in-process; BENCH_ME_DB may be a sqlite:/// URL too.
BENCH_ME_DB ?= postgres://postgres@127.0.0.1:5432/csmj_bench_me
bench-me: venv
	ALLOWED_HOSTS=127.0.0.1,localhost DATABASE_URL=$(BENCH_ME_DB) $(PYTHON) -m bench.bench_me

# The production processes of the Procfile (gunicorn, celery worker and beat), locally.
serve: migrate
	$(PYTHON) manage.py collectstatic --noinput -v 0
	PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/honcho start -f Procfile
