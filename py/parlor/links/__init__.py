"""Play by link: the record in a URL fragment, fair-play primitives, the link protocol base
and what a device holds."""
