-- Minimal init for the headless Neovim test: this plugin directory on the
-- runtimepath and heat-ls configured with the binary under test
-- ($HEAT_LS_BIN). Used as `nvim --headless -u editors/nvim/test/init.lua`.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin_root = vim.fn.fnamemodify(here, ':h')
vim.opt.runtimepath:prepend(plugin_root)
vim.opt.swapfile = false
vim.lsp.set_log_level(os.getenv('HEAT_LS_NVIM_LOG_LEVEL') or 'warn')
require('heat-ls').setup({
  cmd = { os.getenv('HEAT_LS_BIN') or 'heat-ls' },
  settings = { ['heat-ls'] = { logLevel = 'debug' } },
  folding = true,
})
