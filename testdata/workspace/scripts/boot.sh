#!/bin/sh
echo booting
