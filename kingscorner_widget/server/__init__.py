"""The class server: every table of a class's rooms, each seat sent only its own view.

- :mod:`.hub`: the server as a JupyterHub service (where to listen, who is calling).
"""
