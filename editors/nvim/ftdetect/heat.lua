-- Gives HOT templates and Heat environment files the filetype `yaml.heat`
-- (YAML syntax and plugins still apply; heat-ls attaches to `yaml.heat`).
-- Files already detected as YAML are looked at by content; the filetype is
-- set outright because the YAML detection has already run.
vim.cmd([[
  augroup heat_ls_ftdetect
    autocmd!
    autocmd BufNewFile,BufRead *.yaml,*.yml,*.template,*.hot,*.env lua require('heat-ls.filetype').detect(tonumber(vim.fn.expand('<abuf>')))
  augroup END
]])
