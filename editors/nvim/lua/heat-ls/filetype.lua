-- Applies content detection (heat-ls.detect) to a buffer's filetype.
local M = {}

--- The filetype given to HOT templates and environment files.
M.filetype = 'yaml.heat'

--- Sets `yaml.heat` on bufnr when its content is a template or environment
--- file, and records the kind in b:heat_ls_kind.
function M.detect(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  local kind = require('heat-ls.detect').buffer_kind(bufnr)
  if kind == nil then
    return
  end
  vim.b[bufnr].heat_ls_kind = kind
  if vim.bo[bufnr].filetype ~= M.filetype then
    vim.bo[bufnr].filetype = M.filetype
  end
end

return M
