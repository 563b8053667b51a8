-- Headless Neovim test of :checkhealth heat-ls against the real server.
-- Run with test/init.lua as the init file (see editors/health_test.go):
--   HEAT_LS_BIN=/path/heat-ls nvim --headless -n -i NONE -u test/init.lua -c 'luafile test/health.lua'
-- Prints "ok: ..." and "FAIL: ..." lines and a summary; exits non-zero
-- when anything failed.
local fixture_dir = os.getenv('HEAT_LS_FIXTURE_DIR')
local bin = os.getenv('HEAT_LS_BIN')
local timeout_ms = tonumber(os.getenv('HEAT_LS_TEST_TIMEOUT_MS') or '') or 15000

local passed, failed = 0, 0
local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end
local function check(cond, what, detail)
  if cond then
    passed = passed + 1
    out('ok: ' .. what)
  else
    failed = failed + 1
    out('FAIL: ' .. what .. (detail and (': ' .. detail) or ''))
  end
  return cond
end

-- Runs :checkhealth heat-ls and returns the report's lines, closing the
-- report again. Report lines read "- OK: x" (0.7, 0.8), "- OK x" (0.9+) or
-- with an icon; the checks below match the words only.
local function health()
  local before = vim.api.nvim_get_current_buf()
  vim.cmd('checkhealth heat-ls')
  local buf = vim.api.nvim_get_current_buf()
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  if buf ~= before then
    vim.cmd('bwipeout! ' .. buf)
  end
  return lines
end

local function find(lines, level, pattern)
  for _, l in ipairs(lines) do
    if l:find(level, 1, true) and l:find(pattern) then
      return l
    end
  end
end

local function has_level(lines, level)
  for _, l in ipairs(lines) do
    if l:match('^%s*%-%s*' .. level) or l:match('^%s*%-%s*%S+%s+' .. level) then
      return l
    end
  end
end

local function report(lines)
  return '\n' .. table.concat(lines, '\n')
end

local function run()
  local exp = vim.fn.json_decode(table.concat(vim.fn.readfile(fixture_dir .. '/expectations.json'), '\n'))
  local template = fixture_dir .. '/' .. exp.template
  vim.cmd('edit ' .. vim.fn.fnameescape(template))
  local buf = vim.api.nvim_get_current_buf()
  local function attached()
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
    for _, c in pairs(clients) do
      if c.name == 'heat_ls' and c.initialized ~= false and c.server_capabilities then
        return true
      end
    end
    return false
  end
  if not check(vim.wait(timeout_ms, attached, 50), 'heat-ls attached to the template', 'no client within ' .. timeout_ms .. ' ms') then
    return
  end

  -- A working setup: everything OK, nothing an error.
  local lines = health()
  local real = vim.fn.resolve(vim.fn.exepath(bin))
  check(find(lines, 'OK', 'heat%-ls found: ' .. vim.pesc(vim.fn.exepath(bin))) or find(lines, 'OK', vim.pesc(real)),
    'the binary is found and its path shown', report(lines))
  check(find(lines, 'OK', 'heat%-ls %d+%.%d+'), 'its version line is shown', report(lines))
  check(find(lines, '', 'heat: Heat %d+'), 'the Heat release of its data is shown', report(lines))
  check(find(lines, '', 'go: go%d'), 'its Go version is shown', report(lines))
  check(find(lines, 'OK', 'filetype detection is on'), 'filetype detection is reported active', report(lines))
  local name = vim.pesc(vim.fn.fnamemodify(template, ':t'))
  check(find(lines, 'OK', 'client %d+ .*1 buffer%(s%) attached: .*' .. name), 'the attached client and its buffer are listed', report(lines))
  check(not has_level(lines, 'ERROR') and not has_level(lines, 'WARNING'), 'no errors or warnings when all is well', report(lines))

  -- The reporting API of other Neovim versions, put in place of this
  -- one's: 0.9+ (vim.health.start/ok/...) and 0.8 (vim.health.report_*).
  for _, api in ipairs({
    { name = '0.9+', start = 'start', ok = 'ok', info = 'info', warn = 'warn', error = 'error' },
    { name = '0.8', start = 'report_start', ok = 'report_ok', info = 'report_info', warn = 'report_warn', error = 'report_error' },
  }) do
    local calls, fake = {}, {}
    for _, level in ipairs({ 'start', 'ok', 'info', 'warn', 'error' }) do
      fake[api[level]] = function(msg)
        table.insert(calls, level .. ' ' .. msg)
      end
    end
    local saved = rawget(vim, 'health')
    rawset(vim, 'health', fake)
    local ran, err = pcall(require('heat-ls.health').check)
    rawset(vim, 'health', saved)
    local text = table.concat(calls, '\n')
    check(ran and text:find('start heat%-ls: server') and text:find('ok heat%-ls found') and text:find('ok client %d+'),
      'the report goes through the ' .. api.name .. ' health API', tostring(err) .. '\n' .. text)
  end

  -- No client running.
  for _, c in ipairs(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) do
    vim.lsp.stop_client(c.id, true)
  end
  vim.wait(3000, function()
    return #(vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()) == 0
  end, 50)
  lines = health()
  check(find(lines, '', 'no heat%-ls client is running'), 'no client: says how to start one', report(lines))

  -- A binary that is not there.
  require('heat-ls').setup({ cmd = { '/nonexistent/heat-ls' }, autostart = false })
  lines = health()
  check(find(lines, 'ERROR', 'heat%-ls not found'), 'a missing binary is an error', report(lines))
  check(find(lines, '', 'go install'), 'a missing binary comes with install advice', report(lines))

  -- A binary that is not heat-ls: its version output is refused.
  require('heat-ls').setup({ cmd = { 'true' }, autostart = false })
  lines = health()
  check(find(lines, 'WARN', 'is this heat%-ls'), 'another program in its place is a warning', report(lines))

  -- Filetype detection turned off.
  vim.cmd('autocmd! heat_ls_ftdetect')
  vim.cmd('augroup! heat_ls_ftdetect')
  lines = health()
  check(find(lines, 'ERROR', 'ftdetect autocommands are not defined'), 'missing ftdetect autocommands are an error', report(lines))
end

local ok, err = pcall(run)
check(ok, 'health test ran to the end', tostring(err))
local v = vim.version()
out(('heat-ls checkhealth test (%d.%d.%d): %d passed, 0 skipped, %d failed'):format(v.major, v.minor, v.patch, passed, failed))
if failed > 0 then
  vim.cmd('cquit')
else
  vim.cmd('qall!')
end
