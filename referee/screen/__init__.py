"""`referee screen`: the table's second screen (issue 21).

One game served over HTTP, read-only as `referee watch` is: a public page for the TV
(what the whole table may see, live) and one private page a seat, behind an
unguessable link, for that player's phone. Nothing here is imported by the games, the
shell or `--help`: aiohttp and segno load only when a screen is started.
"""
