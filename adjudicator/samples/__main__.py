from . import write

write()
