-- Headless Neovim test of the condition lenses and the greying of what a
-- false condition leaves out, against the real server, on a copy of
-- testdata/editors/lenses (its .heat-ls.yaml makes env.yaml the active
-- environment). Called by run.lua with its reporting functions.
return function(t)
  local check, timeout_ms = t.check, t.timeout_ms
  local src = t.fixture_dir .. '/lenses'
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  vim.fn.mkdir(dir .. '/.git', 'p')
  for _, f in ipairs({ 'stack.yaml', 'parent.yaml', 'env.yaml', '.heat-ls.yaml' }) do
    vim.fn.writefile(vim.fn.readfile(src .. '/' .. f), dir .. '/' .. f)
  end
  vim.cmd('silent! only')
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/stack.yaml'))
  local buf = vim.api.nvim_get_current_buf()
  local client = t.wait_client(buf)
  if not check(client ~= nil, 'lenses: heat-ls attached to stack.yaml') then
    return
  end

  local function line_of(pattern)
    for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      if l:find(pattern) then
        return i - 1
      end
    end
  end
  -- The titles of the lenses on each line (a line may also carry a
  -- reference count, resolved later).
  local function shown()
    local out = {}
    for _, l in ipairs(vim.lsp.codelens.get(buf) or {}) do
      if l.command and l.command.title then
        local line = l.range.start.line
        out[line] = out[line] or {}
        table.insert(out[line], l.command.title)
      end
    end
    return out
  end
  local function shows(want)
    local got = shown()
    for pattern, title in pairs(want) do
      if not vim.tbl_contains(got[line_of(pattern)] or {}, title) then
        return false
      end
    end
    return true
  end
  local function wait_shows(want)
    return vim.wait(timeout_ms, function()
      return shows(want)
    end, 50)
  end
  local unknown = 'unknown (parameter zone has no value)'
  local want = {
    ['^  want_volume:'] = 'true',
    ['^  small:'] = 'false',
    ['^  zoned:'] = unknown,
    ['condition: want_volume'] = 'true',
    ['condition: small'] = 'false',
    ['condition: zoned'] = unknown,
  }
  vim.lsp.codelens.refresh()
  check(wait_shows(want), 'lenses: true, false and unknown (why) on the right lines under env.yaml', vim.inspect(shown()))
  -- heat-ls indexes parent.yaml, then asks for the lenses again.
  check(wait_shows({ ['^heat_template_version'] = 'used by parent.yaml (volumes)' }),
    'lenses: workspace/codeLens/refresh brings "used by parent.yaml" once the workspace is indexed', vim.inspect(shown()))
  local virt = ''
  local ns = vim.api.nvim_get_namespaces()
  for name, id in pairs(ns) do
    if name:find('codelens', 1, true) then
      for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, id, { line_of('^  small:'), 0 }, { line_of('^  small:'), -1 }, { details = true })) do
        for _, chunk in ipairs(m[4].virt_text or {}) do
          virt = virt .. chunk[1]
        end
      end
    end
  end
  check(virt:find('false', 1, true) ~= nil, 'lenses: Neovim draws the lens text after the condition', vim.inspect(virt))

  -- Running a condition's lens says its truth, not "unsupported command".
  local said = {}
  local notify = vim.notify
  vim.notify = function(msg)
    said[#said + 1] = msg
  end
  vim.api.nvim_win_set_cursor(0, { line_of('condition: small') + 1, 0 })
  pcall(vim.lsp.codelens.run)
  vim.notify = notify
  check(#said == 1 and said[1] == 'heat-ls: false', 'lenses: running a condition lens shows its truth', vim.inspect(said))

  -- Greying: the resource the false condition leaves out.
  local function tagged_unnecessary(pattern)
    local line = line_of(pattern)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local tags = d._tags or {}
      local lsp_tags = d.user_data and d.user_data.lsp and d.user_data.lsp.tags or {}
      if d.lnum == line and (tags.unnecessary or vim.tbl_contains(lsp_tags, 1)) then
        return true
      end
    end
    return false
  end
  local function greyed(pattern)
    local line = line_of(pattern)
    local id = vim.api.nvim_get_namespaces()['heat_ls_unnecessary']
    for _, m in ipairs(id and vim.api.nvim_buf_get_extmarks(buf, id, 0, -1, { details = true }) or {}) do
      if m[2] == line and m[4].hl_group == 'HeatLsUnnecessary' and m[4].end_row >= line + 4 then
        return true
      end
    end
    return false
  end
  local native = vim.fn.has('nvim-0.10') == 1
  check(vim.wait(timeout_ms, function() return tagged_unnecessary('^  scratch:') end, 50),
    'greying: heat-ls tags the resource a false condition leaves out Unnecessary', vim.inspect(vim.diagnostic.get(buf)))
  if native then
    t.skip('greying: Neovim ' .. tostring(vim.version().minor) .. ' greys Unnecessary itself (DiagnosticUnnecessary); the plugin draws nothing')
  else
    check(greyed('^  scratch:'), 'greying: the plugin greys the left-out resource (HeatLsUnnecessary over its entry)')
    check(not greyed('^  data:'), 'greying: the resource a true condition keeps is not greyed')
  end

  -- An edit: the lenses and the greying follow.
  local l = line_of('^  small:')
  vim.api.nvim_buf_set_lines(buf, l, l + 1, false, { '  small: {equals: [{get_param: flavor}, m1.large]}' })
  vim.api.nvim_buf_call(buf, function()
    vim.cmd('doautocmd <nomodeline> TextChanged')
  end)
  check(wait_shows({ ['^  small:'] = 'true', ['condition: small'] = 'true' }), 'lenses: after an edit the condition says true', vim.inspect(shown()))
  check(vim.wait(timeout_ms, function() return not tagged_unnecessary('^  scratch:') and (native or not greyed('^  scratch:')) end, 50),
    'greying: gone once the condition holds')

  -- The condition goes away, and its lenses with it.
  vim.api.nvim_buf_set_lines(buf, line_of('^  zoned:'), line_of('^  zoned:') + 1, false, {})
  vim.api.nvim_buf_set_lines(buf, line_of('condition: zoned'), line_of('condition: zoned') + 1, false, {})
  vim.api.nvim_buf_call(buf, function()
    vim.cmd('doautocmd <nomodeline> TextChanged')
  end)
  check(vim.wait(timeout_ms, function()
    for _, titles in pairs(shown()) do
      for _, title in ipairs(titles) do
        if title:find('unknown', 1, true) then
          return false
        end
      end
    end
    return shows({ ['^  small:'] = 'true' })
  end, 50), 'lenses: a removed condition\'s lenses vanish', vim.inspect(shown()))

  -- An edit made while a lens request is in flight: the answer for the
  -- older text is not the one kept (vim.lsp.codelens.refresh would keep it
  -- and drop the next request).
  local visual = require('heat-ls.visual')
  visual.request_lenses(client, buf)
  vim.api.nvim_buf_set_lines(buf, line_of('^  small:'), line_of('^  small:') + 1, false,
    { '  small: {equals: [{get_param: flavor}, m1.small]}' })
  check(wait_shows({ ['^  small:'] = 'false', ['condition: small'] = 'false' }),
    'lenses: an edit made while lenses are asked for gets its own lenses', vim.inspect(shown()))
  -- Neovim 0.7 resolves lenses without checking the buffer still exists:
  -- let the pending resolves land before wiping it.
  vim.wait(timeout_ms, function()
    for _, l in ipairs(vim.lsp.codelens.get(buf) or {}) do
      if not l.command then
        return false
      end
    end
    return true
  end, 50)
  vim.wait(200, function() return false end, 50)
  vim.cmd('bwipeout! ' .. buf)
end
