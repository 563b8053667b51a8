-- Headless Neovim test of :HeatPreview against the real server, on a copy
-- of testdata/editors/preview (web.yaml and its environment files). Called
-- by run.lua with its reporting functions.
return function(t)
  local check, timeout_ms = t.check, t.timeout_ms
  local preview = require('heat-ls.preview')
  local src = t.fixture_dir .. '/preview'
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir .. '/env', 'p')
  vim.fn.writefile({ '.git' }, dir .. '/.gitkeep')
  for _, f in ipairs({ 'web.yaml', 'env/dev.yaml', 'env/volume.yaml' }) do
    vim.fn.writefile(vim.fn.readfile(src .. '/' .. f), dir .. '/' .. f)
  end
  vim.cmd('silent! only')
  vim.cmd('cd ' .. vim.fn.fnameescape(dir))
  vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/web.yaml'))
  local buf = vim.api.nvim_get_current_buf()
  local attached = vim.wait(timeout_ms, function()
    for _, c in ipairs(t.buf_clients(buf)) do
      if c.name == 'heat_ls' and c.server_capabilities then
        return true
      end
    end
  end, 50)
  if not check(attached, 'preview: heat-ls attached to web.yaml') then
    return
  end
  local function preview_text(pbuf)
    return table.concat(vim.api.nvim_buf_get_lines(pbuf, 0, -1, false), '\n')
  end
  local function wait_for(pbuf, want)
    vim.wait(timeout_ms, function()
      return vim.api.nvim_buf_is_valid(pbuf) and preview_text(pbuf):find(want, 1, true) ~= nil
    end, 20)
    return vim.api.nvim_buf_is_valid(pbuf) and preview_text(pbuf):find(want, 1, true) ~= nil
  end

  -- No active set: the template's own defaults.
  local cmds = vim.api.nvim_get_commands({})
  check(cmds.HeatPreview ~= nil and cmds.HeatPreview.nargs == '*', ':HeatPreview is defined and takes environment files', vim.inspect(cmds.HeatPreview))
  vim.cmd('HeatPreview')
  local p = preview.get(buf)
  local pbuf = p and p.buf
  check(pbuf ~= nil and vim.api.nvim_get_current_buf() == buf, ':HeatPreview opens the preview and leaves the cursor in the template')
  if not pbuf then
    return
  end
  check(wait_for(pbuf, 'flavor: m1.small'), 'preview: without environment files the default flavor shows', preview_text(pbuf):sub(1, 400))
  check(preview_text(pbuf):find('# Stack preview of web.yaml (no environment files)', 1, true) == 1, 'preview: the header says no environment file is merged', preview_text(pbuf):sub(1, 200))
  local layout = vim.fn.winlayout()
  local wins = vim.fn.win_findbuf(pbuf)
  check(layout[1] == 'row' and #wins == 1, 'preview: in a vertical split beside the template', vim.inspect(layout))
  check(vim.bo[pbuf].buftype == 'nofile' and vim.bo[pbuf].readonly and not vim.bo[pbuf].modifiable and vim.bo[pbuf].filetype == 'yaml',
    'preview: a read-only nofile yaml buffer',
    ('buftype=%s readonly=%s modifiable=%s filetype=%s'):format(vim.bo[pbuf].buftype, tostring(vim.bo[pbuf].readonly), tostring(vim.bo[pbuf].modifiable), vim.bo[pbuf].filetype))
  check(vim.api.nvim_buf_get_name(pbuf) == 'heat-ls-preview://' .. vim.api.nvim_buf_get_name(buf), 'preview: named heat-ls-preview://<path>', vim.api.nvim_buf_get_name(pbuf))

  -- Environment files named on the command line, in that order.
  vim.cmd('HeatPreview env/dev.yaml env/volume.yaml')
  check(preview.get(buf).buf == pbuf and #vim.fn.win_findbuf(pbuf) == 1, ':HeatPreview again reuses the preview window')
  check(wait_for(pbuf, 'flavor: m1.xlarge'), 'preview: :HeatPreview env/dev.yaml env/volume.yaml shows the flavor dev.yaml sets', preview_text(pbuf):sub(1, 600))
  check(wait_for(pbuf, 'want_volume: true'), 'preview: and the condition volume.yaml turns on', preview_text(pbuf):sub(1, 900))
  check(preview_text(pbuf):find('# Stack preview of web.yaml with env/dev.yaml, env/volume.yaml', 1, true) == 1, 'preview: the header lists the files merged', preview_text(pbuf):sub(1, 200))

  -- Edits of the template refresh it: a burst costs few requests.
  local before = preview.get(buf).requests
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local image_line
  for i, l in ipairs(lines) do
    if l:find('image: cirros', 1, true) then
      image_line = i - 1
    end
  end
  for i, name in ipairs({ 'f', 'fe', 'fed', 'fedo', 'fedor', 'fedora' }) do
    vim.api.nvim_buf_set_lines(buf, image_line, image_line + 1, false, { '      image: ' .. name })
    vim.api.nvim_buf_call(buf, function()
      vim.cmd('doautocmd <nomodeline> ' .. (i % 2 == 0 and 'TextChangedI' or 'TextChanged'))
    end)
  end
  check(wait_for(pbuf, 'image: fedora'), 'preview: typing in the template changes the preview', preview_text(pbuf):sub(1, 900))
  vim.wait(300, function() return false end, 50)
  local spent = preview.get(buf).requests - before
  check(spent >= 1 and spent <= 2, 'preview: six quick edits cost one or two requests (debounced)', tostring(spent))

  -- A document heat-ls cannot preview shows why.
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { 'heat_template_version: 1999-01-01' })
  vim.api.nvim_buf_call(buf, function()
    vim.cmd('doautocmd <nomodeline> TextChanged')
  end)
  vim.wait(timeout_ms, function()
    return preview_text(pbuf):find('image: fedora', 1, true) == nil
  end, 20)
  local broken = preview_text(pbuf)
  check(broken:find('^# ') ~= nil and broken:find('1999-01-01', 1, true) ~= nil, 'preview: a problem heat-ls reports shows in the preview', broken:sub(1, 400))
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { lines[1] })

  -- Wiping the preview ends its refreshes.
  vim.cmd('bwipeout ' .. pbuf)
  check(preview.get(buf) == nil, 'preview: wiping the buffer forgets it')
  vim.wait(50, function() return false end, 10)
  local ok_group = pcall(vim.api.nvim_get_autocmds, { group = 'heat_ls_preview_' .. buf })
  check(not ok_group, 'preview: its autocommands are gone')
  vim.cmd('silent! only')
  vim.cmd('bwipeout! ' .. buf)
end
