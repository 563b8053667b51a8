-- Default heat-ls configuration for Neovim 0.11+ (`:help lsp-config`):
-- with editors/nvim on the runtimepath, `vim.lsp.enable('heat_ls')` alone
-- starts heat-ls on `yaml.heat` buffers. require('heat-ls').setup() does
-- that too and overrides these values with its options.
return {
  cmd = { 'heat-ls' },
  filetypes = { 'yaml.heat' },
  root_markers = { '.git' },
  settings = { ['heat-ls'] = { schemaPaths = {}, logLevel = 'info' } },
  init_options = { schemaPaths = {}, logLevel = 'info' },
  -- didOpen says `heat` (as VS Code and Emacs do), not the compound filetype.
  get_language_id = function(_, filetype)
    return filetype == 'yaml.heat' and 'heat' or filetype
  end,
}
