# xq-bitpack: sources, pages, completions and tests (to be filled in).
