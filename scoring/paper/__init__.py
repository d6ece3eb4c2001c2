"""纸面记录, a session recorded on paper and entered by its final nets: its URLs (``urls``),
pages (``views``: one session by form, several by CSV file) and forms (``forms``). The
services store it (``services.paper_session_create``); the API's resource is
``scoring.api.paper_sessions``."""
