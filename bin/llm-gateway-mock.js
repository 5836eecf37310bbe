#!/usr/bin/env node
import '../dist/src/cli/bin.js'
