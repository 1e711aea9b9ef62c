"""Views, one module per part of the site; `access` holds the lookups they share."""
