"""The calculator (/calc/) and the rules pages (/rules/), no account needed: its URLs
(``urls``), pages (``views``) and settings form (``forms``). It is the round form without
a session: it reuses ``scoring.recording``'s form, script context, JSON helpers and the
codec of a shared result's link (``recording.calc_codes``, which the round form opens
too). The API's calculator is ``scoring.api.calculator``."""
