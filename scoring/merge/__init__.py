"""合并客人, merging a guest (客) into a regular player of the same club: its URL
(``urls``), the organiser's page (``views``), its form (``forms``) and the write
(``services``), which refuses a guest who entered a league night. The API's action is
``scoring.api.standings`` (``players/{id}/merge/``)."""
