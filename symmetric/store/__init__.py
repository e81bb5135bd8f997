"""Results kept as data: the exact JSON codec of a property result (:mod:`.codec`) and the
per-cell cache on disk (:mod:`.cells`) that the atlas and the claims' shared property tables read
before computing."""
