"""The calculator (/calc/) and the rules pages (/rules/), no account needed: its URLs
(``urls``), pages (``views``) and the codec of a shared result's link (``codes``).
The API's calculator is ``scoring.api.calculator``."""
