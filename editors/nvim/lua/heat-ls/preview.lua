-- :HeatPreview [ENV...]: the stack a template becomes, from heat-ls's
-- heat-ls.preview command, in a read-only scratch buffer in a vertical
-- split beside it (filetype yaml, named heat-ls-preview://<path>). The
-- buffer follows the template's edits (TextChanged/TextChangedI, debounced,
-- at most one request in flight, the newest text winning) until it is
-- wiped. Without arguments heat-ls merges the template's active set
-- (heat-ls.environments, else .heat-ls.yaml); with them, exactly those
-- files, in that order.
local M = {}

--- Milliseconds of quiet after an edit before the preview is asked again.
M.debounce_ms = 100

--- How many times one refresh asks again when the answer is of an older text.
local MAX_STALE_RETRIES = 3

-- Open previews by template buffer: the plugin's own state.
local previews = {}

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function heat_client(bufnr)
  for _, c in ipairs(clients_of(bufnr)) do
    if c.name == 'heat_ls' then
      return c
    end
  end
end

--- The buffer's text: a header naming the template and the files merged,
--- one comment line per problem, then the preview as heat-ls prints it.
function M.lines(name, result)
  local envs = result.environments or {}
  local shown = {}
  for i, e in ipairs(envs) do
    shown[i] = vim.fn.fnamemodify(e, ':~:.')
  end
  local out = {
    '# Stack preview of ' .. name .. (#shown > 0 and (' with ' .. table.concat(shown, ', ')) or ' (no environment files)'),
  }
  for _, p in ipairs(result.problems or {}) do
    local where = ''
    if p.uri then
      where = vim.fn.fnamemodify(vim.uri_to_fname(p.uri), ':~:.') .. (p.line and (':' .. (p.line + 1)) or '') .. ': '
    end
    out[#out + 1] = ('# %s: %s%s'):format(p.severity or 'error', where, (p.message or ''):gsub('%s*\n%s*', ' '))
  end
  local text = result.text or ''
  if text:sub(-1) == '\n' then
    text = text:sub(1, -2)
  end
  if text ~= '' then
    vim.list_extend(out, vim.split(text, '\n', true))
  end
  return out
end

local function failure_lines(name, err)
  local out = { '# heat-ls could not preview ' .. name .. ':' }
  for _, l in ipairs(vim.split(tostring(err), '\n', true)) do
    out[#out + 1] = '#   ' .. l
  end
  return out
end

local function write(p, lines)
  if not vim.api.nvim_buf_is_valid(p.buf) then
    return
  end
  vim.bo[p.buf].modifiable = true
  vim.bo[p.buf].readonly = false
  vim.api.nvim_buf_set_lines(p.buf, 0, -1, false, lines)
  vim.bo[p.buf].modifiable = false
  vim.bo[p.buf].readonly = true
  vim.bo[p.buf].modified = false
end

local refresh

-- Ends a request: shows its answer, asks again for newer text if needed.
local function done(p, err, result, tries)
  p.in_flight = false
  if not vim.api.nvim_buf_is_valid(p.buf) then
    return
  end
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(p.template), ':t')
  if err then
    write(p, failure_lines(name, err.message or vim.inspect(err)))
  elseif result then
    write(p, M.lines(name, result))
    p.result = result
    local current = vim.lsp.util.buf_versions[p.template]
    if (result.version or 0) > 0 and current and result.version < current and tries < MAX_STALE_RETRIES then
      p.again = true
    end
  end
  p.answers = (p.answers or 0) + 1
  if p.again then
    p.again = false
    refresh(p, tries + 1)
  end
end

-- Asks heat-ls for the preview unless a request is in flight (then one
-- more follows it).
refresh = function(p, tries)
  if p.in_flight then
    p.again = true
    return
  end
  if not vim.api.nvim_buf_is_valid(p.buf) or not vim.api.nvim_buf_is_valid(p.template) then
    return
  end
  local client = heat_client(p.template)
  if not client then
    write(p, failure_lines(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(p.template), ':t'), 'heat-ls is not attached to the template'))
    return
  end
  local arg = { uri = vim.uri_from_bufnr(p.template), format = 'yaml' }
  if p.environments then
    arg.environments = p.environments
  end
  p.in_flight = true
  p.requests = (p.requests or 0) + 1
  local sent = client.request('workspace/executeCommand', { command = 'heat-ls.preview', arguments = { arg } }, function(err, result)
    done(p, err, result, tries or 0)
  end, p.template)
  if not sent then
    p.in_flight = false
  end
end

local function schedule(p)
  if p.timer then
    p.timer:stop()
  else
    p.timer = vim.loop.new_timer()
  end
  p.timer:start(M.debounce_ms, 0, vim.schedule_wrap(function()
    refresh(p)
  end))
end

local function close(template)
  local p = previews[template]
  if not p then
    return
  end
  previews[template] = nil
  if p.timer then
    p.timer:stop()
    p.timer:close()
  end
  -- Not from inside the group's own autocommand.
  vim.schedule(function()
    if not previews[template] then
      pcall(vim.api.nvim_del_augroup_by_name, 'heat_ls_preview_' .. template)
    end
  end)
end

--- Opens (or refreshes) the preview of the template in bufnr; env is a
--- list of environment files (nil: the template's active set). Returns
--- the preview buffer.
function M.open(bufnr, env)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local file = vim.api.nvim_buf_get_name(bufnr)
  if not heat_client(bufnr) then
    vim.notify('heat-ls: not attached to this buffer; :HeatPreview needs a template heat-ls serves', vim.log.levels.WARN)
    return
  end
  local p = previews[bufnr]
  if not p or not vim.api.nvim_buf_is_valid(p.buf) then
    close(bufnr)
    p = { template = bufnr }
    local win = vim.api.nvim_get_current_win()
    vim.cmd('rightbelow vnew')
    p.buf = vim.api.nvim_get_current_buf()
    vim.bo[p.buf].buftype = 'nofile'
    vim.bo[p.buf].bufhidden = 'wipe'
    vim.bo[p.buf].swapfile = false
    vim.bo[p.buf].buflisted = false
    pcall(vim.api.nvim_buf_set_name, p.buf, 'heat-ls-preview://' .. (file ~= '' and file or ('buffer-' .. bufnr)))
    vim.bo[p.buf].filetype = 'yaml'
    write(p, { '# Loading the stack preview...' })
    vim.api.nvim_set_current_win(win)
    previews[bufnr] = p
    local group = vim.api.nvim_create_augroup('heat_ls_preview_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
      group = group,
      buffer = bufnr,
      callback = function()
        schedule(p)
      end,
    })
    vim.api.nvim_create_autocmd('BufWipeout', {
      group = group,
      buffer = p.buf,
      callback = function()
        close(bufnr)
      end,
    })
    vim.api.nvim_create_autocmd('BufWipeout', {
      group = group,
      buffer = bufnr,
      callback = function()
        close(bufnr)
      end,
    })
  elseif #vim.fn.win_findbuf(p.buf) == 0 then
    local win = vim.api.nvim_get_current_win()
    vim.cmd('rightbelow vertical sbuffer ' .. p.buf)
    vim.api.nvim_set_current_win(win)
  end
  if env ~= nil then
    p.environments = env
  end
  refresh(p)
  return p.buf
end

--- The open preview of a template buffer (for tests and statuslines):
--- { buf, environments, result, requests, answers } or nil.
function M.get(bufnr)
  return previews[bufnr]
end

--- :HeatPreview's arguments as absolute paths (nil when none: the active set).
function M.environment_args(fargs)
  if not fargs or #fargs == 0 then
    return nil
  end
  local out = {}
  for _, f in ipairs(fargs) do
    out[#out + 1] = vim.fn.fnamemodify(vim.fn.expand(f), ':p')
  end
  return out
end

return M
