// Public API of @lexnav/provisions: the provision tree, enrichment and the navindex files.
