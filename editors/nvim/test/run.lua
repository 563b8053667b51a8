-- Headless Neovim test of the heat-ls plugin against the real server.
-- Run with test/init.lua as the init file (see editors/editors_test.go):
--   HEAT_LS_BIN=/path/heat-ls nvim --headless -n -i NONE -u test/init.lua -c 'luafile test/run.lua'
-- Prints "ok: ...", "SKIP: ..." and "FAIL: ..." lines and a summary, and
-- exits non-zero when anything failed. Expected values come from
-- testdata/editors/expectations.json.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local fixture_dir = os.getenv('HEAT_LS_FIXTURE_DIR')
  or vim.fn.fnamemodify(here .. '/../../../testdata/editors', ':p'):gsub('/$', '')
local timeout_ms = tonumber(os.getenv('HEAT_LS_TEST_TIMEOUT_MS') or '') or 15000

local passed, skipped, failed = 0, 0, 0
local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end
local function ok(what)
  passed = passed + 1
  out('ok: ' .. what)
end
local function skip(why)
  skipped = skipped + 1
  out('SKIP: ' .. why)
end
local function fail(why)
  failed = failed + 1
  out('FAIL: ' .. why)
end
local function check(cond, what, detail)
  if cond then
    ok(what)
  else
    fail(what .. (detail and (': ' .. detail) or ''))
  end
  return cond
end

local function finish()
  out(('heat-ls nvim test (%s): %d passed, %d skipped, %d failed'):format(
    tostring(vim.version and vim.version() and ('%d.%d.%d'):format(vim.version().major, vim.version().minor, vim.version().patch)),
    passed, skipped, failed))
  if failed > 0 then
    local log = vim.lsp.get_log_path()
    if vim.fn.filereadable(log) == 1 then
      out('--- tail of ' .. log .. ' ---')
      local lines = vim.fn.readfile(log)
      for i = math.max(1, #lines - 40), #lines do
        out(lines[i])
      end
    end
  end
  local function all_clients()
    return vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  end
  for _, client in ipairs(all_clients()) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(2000, function()
    return #all_clients() == 0
  end, 50)
  if failed > 0 then
    vim.cmd('cquit')
  else
    vim.cmd('qall!')
  end
end

local function buf_clients(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

--- The initialized heat_ls client of bufnr, waiting for it up to the
--- timeout; nil when none attached.
local function wait_client(bufnr)
  local client
  vim.wait(timeout_ms, function()
    for _, c in ipairs(buf_clients(bufnr)) do
      if c.name == 'heat_ls' and c.server_capabilities then
        client = c
      end
    end
    return client ~= nil
  end, 50)
  return client
end

local function run()
  -- Expectations, checked against the template text.
  local exp = vim.fn.json_decode(table.concat(vim.fn.readfile(fixture_dir .. '/expectations.json'), '\n'))
  local template = fixture_dir .. '/' .. exp.template
  local lines = vim.fn.readfile(template)
  local function pos_ok(name, p)
    if p.text == nil then
      return true
    end
    local got = (lines[p.line + 1] or ''):sub(p.character + 1, p.character + #p.text)
    return check(got == p.text, 'expectations.json ' .. name .. ' position matches the template',
      ('%d:%d should hold %q, the template has %q; update testdata/editors/expectations.json'):format(p.line, p.character, p.text, got))
  end
  local positions_ok = pos_ok('hover', exp.hover.position)
    and pos_ok('definition', exp.definition.position)
    and pos_ok('definition target', exp.definition.target)
    and pos_ok('completion', exp.completion.position)

  -- Detection by content (pure function and real buffers).
  local detect = require('heat-ls.detect')
  check(detect.kind({ '# c', 'heat_template_version: 2018-08-31' }) == 'template', 'detect: template after a comment')
  check(detect.kind({ 'resource_registry:', '  A: b.yaml', 'parameter_defaults: {}' }) == 'environment', 'detect: environment file')
  check(detect.kind({ 'parameters:', '  a: 1' }) == nil, 'detect: a lone parameters section is not claimed')
  check(detect.kind({ 'apiVersion: v1', 'kind: Pod' }) == nil, 'detect: other YAML')
  check(detect.kind({ 'foo:', '  heat_template_version: 1' }) == nil, 'detect: nested version key is not a template')

  local table_ = vim.fn.json_decode(table.concat(vim.fn.readfile(fixture_dir .. '/detection.json'), '\n'))
  for _, c in ipairs(table_.cases) do
    local got = detect.kind(vim.split(c.text, '\n', true)) or 'other'
    check(got == c.kind, 'detection.json: ' .. c.name, ('want %s, got %s'):format(c.kind, got))
  end

  local tmp = vim.fn.tempname()
  vim.fn.mkdir(tmp, 'p')
  vim.fn.writefile({ 'resource_registry:', '  My::Server: server.yaml', 'parameter_defaults:', '  flavor: m1.small' }, tmp .. '/env.yaml')
  vim.fn.writefile({ 'apiVersion: v1', 'kind: ConfigMap' }, tmp .. '/other.yaml')
  vim.cmd('edit ' .. vim.fn.fnameescape(tmp .. '/other.yaml'))
  check(vim.bo.filetype == 'yaml', 'filetype: unrelated YAML stays yaml', 'got ' .. vim.bo.filetype)
  vim.cmd('edit ' .. vim.fn.fnameescape(tmp .. '/env.yaml'))
  check(vim.bo.filetype == 'yaml.heat', 'filetype: environment file is yaml.heat', 'got ' .. vim.bo.filetype)
  check(vim.b.heat_ls_kind == 'environment', 'b:heat_ls_kind is environment', 'got ' .. tostring(vim.b.heat_ls_kind))

  -- The template: filetype, attach, diagnostics.
  vim.cmd('edit ' .. vim.fn.fnameescape(template))
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == 'yaml.heat', 'filetype: template is yaml.heat', 'got ' .. vim.bo[buf].filetype)
  local attached = vim.wait(timeout_ms, function()
    for _, c in ipairs(buf_clients(buf)) do
      if c.name == 'heat_ls' and c.initialized ~= false and c.server_capabilities then
        return true
      end
    end
    return false
  end, 50)
  if not check(attached, 'heat-ls attached to the template and initialized', 'no heat_ls client within ' .. timeout_ms .. ' ms (is $HEAT_LS_BIN executable? ' .. tostring(os.getenv('HEAT_LS_BIN')) .. ')') then
    return
  end
  local client
  for _, c in ipairs(buf_clients(buf)) do
    if c.name == 'heat_ls' then
      client = c
    end
  end
  local caps = client.server_capabilities or {}
  check(client.config.init_options and client.config.init_options.logLevel == 'debug',
    'setup() settings reach initializationOptions', vim.inspect(client.config.init_options))
  check(client.config.get_language_id and client.config.get_language_id(buf, 'yaml.heat') == 'heat',
    'didOpen languageId for yaml.heat buffers is heat')
  local answer = vim.lsp.handlers['workspace/configuration'](nil, { items = { { section = 'heat-ls' } } }, { client_id = client.id })
  check(type(answer) == 'table' and type(answer[1]) == 'table' and answer[1].logLevel == 'debug',
    'workspace/configuration answers the heat-ls section from setup() settings', vim.inspect(answer))

  local function diag_code(d)
    if d.code ~= nil then
      return d.code
    end
    return d.user_data and d.user_data.lsp and d.user_data.lsp.code
  end
  local function matches(d, want)
    return d.lnum == want.line
      and (want.code == nil or tostring(diag_code(d)) == want.code)
      and (want.severity == nil or d.severity == want.severity)
      and (want.message_contains == nil or d.message:lower():find(want.message_contains:lower(), 1, true) ~= nil)
  end
  local function all_expected_present()
    local got = vim.diagnostic.get(buf)
    for _, want in ipairs(exp.diagnostics) do
      local found = false
      for _, d in ipairs(got) do
        if matches(d, want) then
          found = true
        end
      end
      if not found then
        return false
      end
    end
    return true
  end
  local have = vim.wait(timeout_ms, all_expected_present, 50)
  local got = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    got[#got + 1] = ('%d:%d %s [%s] %s'):format(d.lnum, d.col, tostring(d.severity), tostring(diag_code(d)), d.message)
  end
  check(have, 'diagnostics: heat-ls published the expected problems',
    ('want %s within %d ms, got %s'):format(vim.fn.json_encode(exp.diagnostics), timeout_ms, vim.fn.json_encode(got)))

  if not positions_ok then
    fail('feature probes not run: expectations.json positions do not match the template')
    return
  end
  local uri = vim.uri_from_bufnr(buf)
  local function request(method, p, extra)
    local params = { textDocument = { uri = uri }, position = { line = p.line, character = p.character } }
    for k, v in pairs(extra or {}) do
      params[k] = v
    end
    local responses, err = vim.lsp.buf_request_sync(buf, method, params, timeout_ms)
    if not responses then
      return nil, method .. ' failed: ' .. tostring(err)
    end
    local r = responses[client.id]
    if not r then
      return nil, method .. ': no answer from heat-ls'
    end
    if r.err or r.error then
      return nil, method .. ' answered with error: ' .. vim.inspect(r.err or r.error)
    end
    return r.result
  end

  -- Hover.
  if not caps.hoverProvider then
    skip('server does not advertise hoverProvider')
  else
    local result, err = request('textDocument/hover', exp.hover.position)
    local text = ''
    if result and result.contents then
      local c = result.contents
      if type(c) == 'string' then
        text = c
      elseif c.value then
        text = c.value
      else
        for _, part in ipairs(c) do
          text = text .. '\n' .. (type(part) == 'string' and part or part.value or '')
        end
      end
    end
    check(err == nil and text:lower():find(exp.hover.contains:lower(), 1, true) ~= nil, 'hover mentions ' .. exp.hover.contains,
      err or ('got ' .. vim.inspect(text)))
  end

  -- Definition.
  if not caps.definitionProvider then
    skip('server does not advertise definitionProvider')
  else
    local result, err = request('textDocument/definition', exp.definition.position)
    local list = {}
    if result then
      list = (result.uri or result.targetUri) and { result } or result
    end
    local want = exp.definition.target
    local found = false
    for _, l in ipairs(list) do
      local range = l.targetSelectionRange or l.range
      if (l.targetUri or l.uri) == uri and range.start.line == want.line and range.start.character == want.character then
        found = true
      end
    end
    check(err == nil and found, ('definition leads to %d:%d'):format(want.line, want.character), err or ('got ' .. vim.inspect(result)))
  end

  -- Completion.
  if not caps.completionProvider then
    skip('server does not advertise completionProvider')
  else
    local result, err = request('textDocument/completion', exp.completion.position, { context = { triggerKind = 1 } })
    local items = result and (result.items or result) or {}
    local labels = {}
    for _, item in ipairs(items) do
      labels[item.label] = true
    end
    for _, want in ipairs(exp.completion.labels) do
      check(err == nil and labels[want], 'completion offers ' .. want, err or ('got ' .. vim.inspect(vim.tbl_keys(labels))))
    end
  end
end

-- On Neovim < 0.11 the vim.lsp.config/enable branch of setup() cannot run
-- for real; check its wiring with recording stand-ins for those two calls.
local function check_011_branch_wiring()
  if vim.fn.has('nvim-0.11') == 1 then
    return -- the real branch ran above
  end
  local recorded = {}
  local saved_has, saved_config, saved_enable = vim.fn.has, vim.lsp.config, vim.lsp.enable
  vim.fn.has = function(feature)
    if feature == 'nvim-0.11' then
      return 1
    end
    return saved_has(feature)
  end
  vim.lsp.config = function(name, cfg)
    recorded.config = { name = name, cfg = cfg }
  end
  vim.lsp.enable = function(name)
    recorded.enabled = name
  end
  local bin = os.getenv('HEAT_LS_BIN') or 'heat-ls'
  local okcall, err = pcall(require('heat-ls').setup, { cmd = { bin, '--log-level', 'debug' }, settings = { logLevel = 'warn' } })
  vim.fn.has, vim.lsp.config, vim.lsp.enable = saved_has, saved_config, saved_enable
  local cfg = recorded.config and recorded.config.cfg or {}
  check(okcall and recorded.config and recorded.config.name == 'heat_ls' and recorded.enabled == 'heat_ls'
      and vim.deep_equal(cfg.cmd, { bin, '--log-level', 'debug' })
      and vim.deep_equal(cfg.filetypes, { 'yaml.heat' })
      and cfg.settings['heat-ls'].logLevel == 'warn' and cfg.init_options.logLevel == 'warn'
      and cfg.get_language_id ~= nil and cfg.get_language_id(0, 'yaml.heat') == 'heat',
    '0.11 branch: setup() calls vim.lsp.config and vim.lsp.enable with the options (stand-ins; no Neovim 0.11 here)',
    tostring(err) .. ' ' .. vim.inspect(recorded))
  local lsp_default = dofile(vim.fn.fnamemodify(here .. '/../lsp/heat_ls.lua', ':p'))
  check(vim.deep_equal(lsp_default.filetypes, { 'yaml.heat' }) and lsp_default.settings['heat-ls'] ~= nil,
    'lsp/heat_ls.lua is a vim.lsp.Config for yaml.heat', vim.inspect(lsp_default))
end

local okrun, perr = xpcall(run, debug.traceback)
if not okrun then
  fail('test script error: ' .. tostring(perr))
end
local okvisual, verr = xpcall(function()
  dofile(here .. '/visual.lua')({ check = check, skip = skip, timeout_ms = timeout_ms, buf_clients = buf_clients, wait_client = wait_client })
end, debug.traceback)
if not okvisual then
  fail('visual test error: ' .. tostring(verr))
end
local okpreview, perr2 = xpcall(function()
  dofile(here .. '/preview.lua')({ check = check, skip = skip, timeout_ms = timeout_ms, buf_clients = buf_clients, wait_client = wait_client, fixture_dir = fixture_dir })
end, debug.traceback)
if not okpreview then
  fail('preview test error: ' .. tostring(perr2))
end
local oklenses, lerr = xpcall(function()
  dofile(here .. '/lenses.lua')({ check = check, skip = skip, timeout_ms = timeout_ms, buf_clients = buf_clients, wait_client = wait_client, fixture_dir = fixture_dir })
end, debug.traceback)
if not oklenses then
  fail('lenses test error: ' .. tostring(lerr))
end
local okwiring, werr = xpcall(check_011_branch_wiring, debug.traceback)
if not okwiring then
  fail('0.11 branch wiring check error: ' .. tostring(werr))
end
finish()
