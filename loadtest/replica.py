"""make replica-up / make replica-down: a PostgreSQL streaming replica of the machine's
PostgreSQL (the primary), as a second cluster on this machine (docs/deploy.md, "A primary
with replicas"; the replica test: tests/replica).

    python -m loadtest.replica up     # REPLICA_PRIMARY, REPLICA_PORT, REPLICA_DIR
    python -m loadtest.replica down

up: checks the primary can stream (wal_level, max_wal_senders, max_replication_slots:
PostgreSQL 15's defaults do); adds a ``replication`` line to the primary's pg_hba.conf
when none lets this machine in, and reloads it (``pg_reload_conf()``: the primary is
never restarted); ``pg_basebackup`` with a physical replication slot (``csmj_replica``)
into REPLICA_DIR; the replica's own small postgresql.conf and pg_hba.conf; starts it with
``pg_ctl`` on REPLICA_PORT (as the ``postgres`` OS user when run as root) and waits until
it streams. Run again while the replica is up, it says so and changes nothing.

down: stops the replica, drops the slot (a slot nobody reads keeps the primary's WAL
forever) and removes REPLICA_DIR. The pg_hba.conf line stays (it lets this machine only).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path

import psycopg

PRIMARY = os.environ.get("REPLICA_PRIMARY", "postgresql://postgres@127.0.0.1:5432/postgres")
PORT = int(os.environ.get("REPLICA_PORT", "5433"))
DATA_DIR = Path(os.environ.get("REPLICA_DIR", "/var/lib/postgresql/csmj-replica"))
LOG_FILE = DATA_DIR.with_name(DATA_DIR.name + ".log")
SLOT = os.environ.get("REPLICA_SLOT", "csmj_replica")
HBA_LINE = "host replication all 127.0.0.1/32 trust  # csmj: make replica-up"
# A hot standby needs these at least as large as the primary's.
AT_LEAST_PRIMARY = (
    "max_connections",
    "max_worker_processes",
    "max_wal_senders",
    "max_prepared_transactions",
    "max_locks_per_transaction",
)


class ReplicaError(Exception):
    pass


def replica_url(dbname: str = "postgres") -> str:
    return f"postgresql://postgres@127.0.0.1:{PORT}/{dbname}"


def bin_dir(primary: psycopg.Connection) -> Path:
    """The PostgreSQL programs of the primary's major version (Debian keeps each version
    under /usr/lib/postgresql/<major>/bin; elsewhere they are on PATH)."""
    major = int(primary.execute("SHOW server_version_num").fetchone()[0]) // 10000
    debian = Path(f"/usr/lib/postgresql/{major}/bin")
    if (debian / "pg_ctl").exists():
        return debian
    found = shutil.which("pg_ctl")
    if found is None:
        raise ReplicaError(f"pg_ctl of PostgreSQL {major} not found")
    return Path(found).parent


def as_postgres(argv: list[str]) -> list[str]:
    """Run as the postgres OS user when root (PostgreSQL refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


def run(argv: list[str]) -> None:
    print("+", " ".join(argv), flush=True)
    subprocess.run(as_postgres(argv), check=True)


def setting(conn: psycopg.Connection, name: str) -> str:
    return str(conn.execute("SELECT current_setting(%s)", (name,)).fetchone()[0])


def check_primary(primary: psycopg.Connection) -> None:
    wal_level = setting(primary, "wal_level")
    if wal_level not in ("replica", "logical"):
        raise ReplicaError(f"the primary's wal_level is {wal_level}: set replica and restart it")
    for name in ("max_wal_senders", "max_replication_slots"):
        if int(setting(primary, name)) < 1:
            raise ReplicaError(f"the primary's {name} is 0: set it to 10 and restart it")


def allow_replication(primary: psycopg.Connection) -> None:
    """A pg_hba.conf line that lets this machine's replication connections in; reloaded,
    never restarted."""
    rules = primary.execute(
        "SELECT count(*) FROM pg_hba_file_rules WHERE error IS NULL"
        " AND 'replication' = ANY(database) AND (type = 'local' OR address = '127.0.0.1')"
    ).fetchone()[0]
    if rules:
        return
    hba = Path(setting(primary, "hba_file"))
    print(f"adding to {hba}: {HBA_LINE}", flush=True)
    with hba.open("a", encoding="utf-8") as out:
        out.write(f"\n{HBA_LINE}\n")
    primary.execute("SELECT pg_reload_conf()")
    time.sleep(0.5)


def replica_running(programs: Path) -> bool:
    if not (DATA_DIR / "PG_VERSION").exists():
        return False
    status = subprocess.run(
        as_postgres([str(programs / "pg_ctl"), "-D", str(DATA_DIR), "status"]),
        capture_output=True,
    )
    return status.returncode == 0


def drop_slot(primary: psycopg.Connection) -> None:
    for _ in range(50):
        row = primary.execute(
            "SELECT active FROM pg_replication_slots WHERE slot_name = %s", (SLOT,)
        ).fetchone()
        if row is None:
            return
        if not row[0]:
            primary.execute("SELECT pg_drop_replication_slot(%s)", (SLOT,))
            print(f"dropped the replication slot {SLOT}", flush=True)
            return
        time.sleep(0.2)  # the stopped replica's walsender is going away
    raise ReplicaError(f"the replication slot {SLOT} is still in use")


def write_config(primary: psycopg.Connection) -> None:
    """The replica's own settings (Debian keeps the primary's under /etc, outside the data
    directory the base backup copied): its port, this machine only, a hot standby."""
    lines = [
        f"port = {PORT}",
        "listen_addresses = '127.0.0.1'",
        f"unix_socket_directories = '{DATA_DIR}'",
        "hot_standby = on",
        "hot_standby_feedback = on",
        "shared_buffers = '128MB'",
        "max_standby_streaming_delay = '5s'",
        *(f"{name} = {setting(primary, name)}" for name in AT_LEAST_PRIMARY),
    ]
    (DATA_DIR / "postgresql.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (DATA_DIR / "pg_hba.conf").write_text(
        "local all all trust\nhost all all 127.0.0.1/32 trust\n", encoding="utf-8"
    )
    for name in ("postgresql.conf", "pg_hba.conf"):
        shutil.chown(DATA_DIR / name, *owner())


def owner() -> tuple[str, str]:
    if os.geteuid() == 0:
        return "postgres", "postgres"
    me = pwd.getpwuid(os.geteuid()).pw_name
    return me, me


def wait_streaming(primary: psycopg.Connection, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with psycopg.connect(replica_url(), connect_timeout=2) as replica:
                in_recovery = replica.execute("SELECT pg_is_in_recovery()").fetchone()[0]
            streaming = primary.execute(
                "SELECT count(*) FROM pg_stat_replication r JOIN pg_replication_slots s"
                " ON s.active_pid = r.pid WHERE s.slot_name = %s AND r.state = 'streaming'",
                (SLOT,),
            ).fetchone()[0]
            if in_recovery and streaming:
                return
        except psycopg.OperationalError:
            pass
        time.sleep(0.5)
    raise ReplicaError(f"the replica on port {PORT} does not stream after {seconds:.0f} s")


def up() -> None:
    with psycopg.connect(PRIMARY, autocommit=True, connect_timeout=5) as primary:
        programs = bin_dir(primary)
        if replica_running(programs):
            wait_streaming(primary)
            print(f"the replica is already up on port {PORT} ({DATA_DIR})")
            return
        check_primary(primary)
        allow_replication(primary)
        if DATA_DIR.exists():
            shutil.rmtree(DATA_DIR)
        drop_slot(primary)  # left by an earlier run that did not finish
        DATA_DIR.parent.mkdir(parents=True, exist_ok=True)
        DATA_DIR.mkdir(mode=0o700)
        shutil.chown(DATA_DIR, *owner())
        started = time.monotonic()
        run(
            [
                str(programs / "pg_basebackup"),
                f"--dbname={PRIMARY}",
                f"--pgdata={DATA_DIR}",
                "--wal-method=stream",
                "--create-slot",
                f"--slot={SLOT}",
                "--write-recovery-conf",
                "--checkpoint=fast",
                "--no-sync",
            ]
        )
        write_config(primary)
        if LOG_FILE.exists():
            LOG_FILE.unlink()
        LOG_FILE.touch()
        shutil.chown(LOG_FILE, *owner())
        run(
            [str(programs / "pg_ctl"), "-D", str(DATA_DIR), "-l", str(LOG_FILE)]
            + ["-w", "-t", "120", "start"]
        )
        wait_streaming(primary)
        print(
            f"the replica streams on port {PORT} ({DATA_DIR}, slot {SLOT}), "
            f"up in {time.monotonic() - started:.1f} s: {replica_url('<database>')}"
        )


def down() -> None:
    with psycopg.connect(PRIMARY, autocommit=True, connect_timeout=5) as primary:
        programs = bin_dir(primary)
        if replica_running(programs):
            run([str(programs / "pg_ctl"), "-D", str(DATA_DIR), "-m", "fast", "-w", "stop"])
        drop_slot(primary)
    if DATA_DIR.exists():
        shutil.rmtree(DATA_DIR)
        print(f"removed {DATA_DIR}")
    if LOG_FILE.exists():
        LOG_FILE.unlink()


def main(argv: list[str]) -> int:
    if argv[1:] not in (["up"], ["down"]):
        print("usage: python -m loadtest.replica up|down", file=sys.stderr)
        return 2
    try:
        up() if argv[1] == "up" else down()
    except (ReplicaError, subprocess.CalledProcessError, psycopg.Error) as error:
        print(f"replica-{argv[1]}: {error}", file=sys.stderr)
        if LOG_FILE.exists():
            print(LOG_FILE.read_text(encoding="utf-8")[-2000:], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
