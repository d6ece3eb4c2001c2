"""合并 and 删除: merging a player (a guest, 客, or a regular player entered twice) into a
regular player of the same club, and deleting one who never played: their URLs
(``urls``), the organiser's page (``views``), its form (``forms``) and the writes
(``services``), which refuse a player who entered a league night. The API's action and
DELETE are ``scoring.api.standings`` (``players/{id}/merge/``, ``players/{id}/``)."""
