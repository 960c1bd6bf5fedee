# fruitsolve: sources, pages, completions and tests (to be filled in).
