-- Starts heat-ls with the defaults unless the user configured it already
-- (require('heat-ls').setup{...} in init.lua runs before this file) or set
-- vim.g.heat_ls_disable_autosetup.
if vim.g.loaded_heat_ls then
  return
end
vim.g.loaded_heat_ls = true
if vim.g.heat_ls_disable_autosetup then
  return
end
local heat = require('heat-ls')
if not heat.is_configured() then
  heat.setup({})
end
