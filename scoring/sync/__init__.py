"""The changes feed of a club, for apps that sync (docs/api.md, "Sync"): read from the audit
log, which every write service fills inside its own transaction."""
