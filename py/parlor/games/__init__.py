"""The games, one package each; the catalog (parlor.catalog) lists them."""
