"""Recording a round at the table: its URLs (``urls``), the round form's pages, preview,
tile analysis, void, undo and a round's history (``views``), its save (``save_views``),
what the form's script is given and asks (``form_context``), its JSON helpers
(``page_json``), its forms (``forms``) and a calculator round's link (``calc_codes``);
the calculator (``scoring.calculator``) reuses all but the pages."""
