-- Headless Neovim test of what heat-ls shows beyond plain LSP: semantic
-- token highlights, inlay hints, folds, code lenses, signature help and
-- :HeatGraph, in the real editor against the real server. Called by
-- run.lua with its reporting functions; on Neovim 0.7 the highlights and
-- hints are the plugin's own extmarks (visual.lua), on newer versions
-- Neovim's own (then only the protocol answers are checked here).
return function(t)
  local check, skip, timeout_ms = t.check, t.skip, t.timeout_ms
  local visual = require('heat-ls.visual')
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  vim.fn.writefile({ '.git' }, dir .. '/.gitkeep')
  local lines = {
    'heat_template_version: 2018-08-31', -- 0
    'parameters:', -- 1
    '  image: {type: string, default: cirros}', -- 2
    'resources:', -- 3
    '  server:', -- 4
    '    type: OS::Nova::Server', -- 5
    '    properties:', -- 6
    '      image: {get_param: image}', -- 7
    '      user_data: |', -- 8
    '        #!/bin/sh', -- 9
    '        echo hi', -- 10
    'outputs:', -- 11
    '  ip:', -- 12
    '    value: {get_attr: [server, first_address]}', -- 13
  }
  local file = dir .. '/visual.yaml'
  vim.fn.writefile(lines, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client = t.wait_client(buf)
  if not check(client ~= nil, 'visual: heat-ls attached to a second template') then
    return
  end
  local caps = client.server_capabilities
  for _, p in ipairs({ 'semanticTokensProvider', 'inlayHintProvider', 'foldingRangeProvider', 'codeLensProvider', 'signatureHelpProvider' }) do
    check(caps[p] ~= nil, 'visual: the server advertises ' .. p .. ' to the plugin')
  end

  -- Semantic tokens, drawn as highlights.
  local function marks(ns_name)
    local ns = vim.api.nvim_get_namespaces()[ns_name]
    return ns and vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, { details = true }) or {}
  end
  local function highlight_at(line, col)
    for _, m in ipairs(marks('heat_ls_tokens')) do
      if m[2] == line and m[3] == col then
        return m[4].hl_group
      end
    end
  end
  if vim.fn.has('nvim-0.9') == 1 then
    local r = vim.lsp.buf_request_sync(buf, 'textDocument/semanticTokens/full', { textDocument = { uri = vim.uri_from_bufnr(buf) } }, timeout_ms)
    local data = r and r[client.id] and r[client.id].result and r[client.id].result.data or {}
    check(#data > 0 and #data % 5 == 0, 'visual: semantic tokens answered (drawn by Neovim itself)')
  else
    local drawn = vim.wait(timeout_ms, function()
      return highlight_at(7, 14) == 'HeatLsFunction'
    end, 50)
    check(drawn, 'semantic tokens: get_param is highlighted as a function', vim.inspect(marks('heat_ls_tokens')))
    check(highlight_at(7, 25) == 'HeatLsParameter', 'semantic tokens: the parameter name in get_param', tostring((highlight_at(7, 25))))
    check(highlight_at(4, 2) == 'HeatLsResource', 'semantic tokens: the resource declaration', tostring((highlight_at(4, 2))))
    check(highlight_at(5, 10) == 'HeatLsResourceType', 'semantic tokens: the resource type', tostring((highlight_at(5, 10))))
    check(highlight_at(13, 23) == 'HeatLsResource', 'semantic tokens: the resource name in get_attr', tostring((highlight_at(13, 23))))
  end

  -- Inlay hints: the value get_param gets.
  if vim.fn.has('nvim-0.10') == 1 then
    skip('visual: inlay hints are drawn by Neovim itself on 0.10+')
  else
    local hint
    vim.wait(timeout_ms, function()
      for _, m in ipairs(marks('heat_ls_hints')) do
        if m[2] == 7 and m[4].virt_text then
          hint = m[4].virt_text[1][1]
        end
      end
      return hint ~= nil
    end, 50)
    check(hint == '= cirros', 'inlay hints: the default of image shows after get_param', tostring(hint))
  end

  -- Folding from heat-ls's ranges.
  local folded = vim.wait(timeout_ms, function()
    return vim.fn.foldlevel(11) >= 4
  end, 50)
  check(folded, 'folding: the block scalar sits four folds deep (resources, server, properties, user_data)',
    ('foldmethod=%s foldlevel(11)=%d'):format(vim.wo.foldmethod, vim.fn.foldlevel(11)))
  vim.cmd('normal! zM')
  check(vim.fn.foldclosed(6) == 4 and vim.fn.foldclosedend(6) == 11, 'folding: zM closes resources from line 4 to 11',
    ('foldclosed(6)=%d foldclosedend(6)=%d'):format(vim.fn.foldclosed(6), vim.fn.foldclosedend(6)))
  vim.cmd('normal! zR')

  -- Code lenses with their reference counts, and the command they run.
  vim.lsp.codelens.refresh()
  local lens
  vim.wait(timeout_ms, function()
    for _, l in ipairs(vim.lsp.codelens.get(buf) or {}) do
      if l.range.start.line == 2 and l.command then
        lens = l
      end
    end
    return lens ~= nil
  end, 50)
  check(lens ~= nil and lens.command.title == '1 reference', 'code lens: image has 1 reference', vim.inspect(vim.lsp.codelens.get(buf)))
  if lens then
    vim.lsp.commands[lens.command.command](lens.command, { bufnr = buf, client_id = client.id })
    local qf = vim.fn.getqflist()
    check(#qf == 1 and qf[1].lnum == 8, 'code lens: heat-ls.showReferences fills the quickfix list', vim.inspect(qf))
    vim.cmd('cclose')
  end

  -- Signature help inside get_attr (Neovim's own handler shows it).
  local r = vim.lsp.buf_request_sync(buf, 'textDocument/signatureHelp',
    { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 13, character = 32 } }, timeout_ms)
  local sh = r and r[client.id] and r[client.id].result
  local sig = sh and sh.signatures[(sh.activeSignature or 0) + 1]
  local active = sig and sig.parameters[(sh.activeParameter or 0) + 1]
  check(sig ~= nil and sig.label:find('get_attr', 1, true) and active and sig.label:sub(active.label[1] + 1, active.label[2]) == 'ATTRIBUTE',
    'signature help: the attribute of get_attr is the active argument', vim.inspect(sh))

  -- :HeatGraph opens the graph text.
  vim.cmd('HeatGraph mermaid')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check(text:find('flowchart LR', 1, true) and text:find('server', 1, true), ':HeatGraph mermaid opens the graph in a buffer', text:sub(1, 300))
  vim.cmd('bwipe!')
  if vim.fn.executable('dot') == 1 then
    local gbuf = visual.graph(require('heat-ls').config().cmd, 'dot')
    local svg = gbuf and vim.b[gbuf].heat_ls_svg
    check(svg and vim.fn.filereadable(svg) == 1, ':HeatGraph renders the DOT with Graphviz', tostring(svg))
    vim.cmd('bwipe!')
  else
    skip(':HeatGraph rendering: Graphviz (dot) is not installed')
  end
end
