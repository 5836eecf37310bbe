#!/usr/bin/env node
// Imports nothing else: the CLI's entry checks the Node.js version before it loads the rest.
import '../dist/src/cli/bin.js'
