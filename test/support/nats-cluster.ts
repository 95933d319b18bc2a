// Real nats-server nodes joined by routes on loopback, each with JetStream and
// a store dir of its own, for what only a cluster shows: replicas, a leader
// killed with -9, a node restarted with its data. Optional client auth and
// TLS go into each node's config file.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StorageType, jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import type { ConnectionOptions, NatsConnection } from '@nats-io/transport-node'
import { freePort } from './server'

const binary = '/usr/sbin/nats-server'
const host = '127.0.0.1'

export interface NodeAuth {
  /** nats-server `authorization { ... }` body, e.g. `users = [{ nkey: "U..." }]`. */
  readonly authorization?: string
  /** nats-server `tls { ... }` body for client connections. */
  readonly tls?: string
}

export interface ClusterNode {
  readonly name: string
  /** Client port; the same after a restart. */
  readonly port: number
  readonly url: string
  readonly running: boolean
  /** SIGKILL: no goodbye to the cluster, as a lost machine. */
  kill(): Promise<void>
  /** Back on the same ports with the same store. */
  start(): Promise<void>
}

export interface NatsCluster {
  readonly nodes: readonly ClusterNode[]
  /** Every node's client URL, comma-separated, as BUS_URL takes them. */
  readonly urls: string
  /** The node leading `stream` (a KV bucket's stream is KV_<bucket>), or the meta leader when omitted. */
  leader(stream?: string): Promise<ClusterNode>
  /** Resolves once a meta leader is elected and a stream can be placed on every running node. */
  ready(): Promise<void>
  stop(): Promise<void>
}

interface Options extends NodeAuth {
  readonly size: number
  /** Nodes started at once (all by default); the rest are named in every route list and wait for `start()`. */
  readonly started?: number
  /** What a test client needs to connect when auth or TLS is on. */
  readonly client?: Partial<ConnectionOptions>
}

// Routes must be named before a clustered JetStream node will start, so the
// ports are picked up front (free a moment ago: the one race left, and it fails
// loudly) and kept for restarts.
export async function startNatsCluster(options: Options): Promise<NatsCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-nats-cluster-'))
  const nodes: Node[] = []
  const routes = () => nodes.map((node) => node.clusterPort)

  const add = async () => {
    const node = new Node(`n${nodes.length + 1}`, dir, await freePort(), await freePort(), options, routes)
    nodes.push(node)
    return node
  }
  for (let n = 0; n < options.size; n++) await add()
  await Promise.all(nodes.slice(0, options.started ?? options.size).map((node) => node.start()))

  const client = () =>
    connect({ servers: nodes.filter((node) => node.running).map((node) => node.url), ...options.client })
  const cluster: NatsCluster = {
    nodes,
    get urls() {
      return nodes.map((node) => node.url).join(',')
    },
    async leader(stream) {
      for (let attempt = 0; ; attempt++) {
        const nc = await client()
        try {
          const jsm = await jetstreamManager(nc)
          const name =
            stream === undefined
              ? nodes.length === 1
                ? (await jsm.getAccountInfo()) && nodes[0]?.name
                : nodes.find((node) => node.running && node.metaLeader !== null)?.metaLeader
              : (await jsm.streams.info(stream)).cluster?.leader
          const node = nodes.find((candidate) => candidate.name === name)
          if (node) return node
        } catch (error) {
          if (attempt > 50) throw error
        } finally {
          await nc.close()
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
    async ready() {
      await cluster.leader()
      const running = nodes.filter((node) => node.running).length
      if (running > 1) await placeOnAll(client, running)
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.kill()))
      await rm(dir, { recursive: true, force: true })
    },
  }
  await cluster.ready()
  return cluster
}

// A meta leader is elected before every node has joined JetStream as a peer;
// a test (or the service's own BUS_REPLICAS probe) placing a stream on all of
// them in between is refused with "no suitable peers" (10005).
async function placeOnAll(client: () => Promise<NatsConnection>, replicas: number): Promise<void> {
  const nc = await client()
  try {
    const jsm = await jetstreamManager(nc)
    for (let attempt = 0; ; attempt++) {
      const name = `READY_${attempt}`
      try {
        await jsm.streams.add({
          name,
          subjects: [`ready.${attempt}`],
          storage: StorageType.Memory,
          num_replicas: replicas,
        })
        await jsm.streams.delete(name)
        return
      } catch (error) {
        if (attempt > 150) throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } finally {
    await nc.close()
  }
}

class Node implements ClusterNode {
  private child: ChildProcess | null = null
  /** Who this node last heard is the meta leader (each node logs every election). */
  metaLeader: string | null = null

  constructor(
    readonly name: string,
    private readonly dir: string,
    readonly port: number,
    readonly clusterPort: number,
    private readonly options: Options,
    private readonly routePorts: () => number[],
  ) {}

  get url() {
    return `${this.options.tls ? 'tls' : 'nats'}://${host}:${this.port}`
  }

  get running() {
    return this.child !== null
  }

  async start() {
    const routes = this.routePorts()
      .filter((port) => port !== this.clusterPort)
      .map((port) => `"nats-route://${host}:${port}"`)
    const config = [
      `server_name: ${this.name}`,
      `listen: "${host}:${this.port}"`,
      `jetstream { store_dir: "${join(this.dir, this.name)}" }`,
      // One node is a plain server: a clustered JetStream will not start without a route.
      routes.length === 0
        ? ''
        : `cluster { name: svc, listen: "${host}:${this.clusterPort}", routes: [${routes.join(', ')}] }`,
      this.options.authorization ? `authorization { ${this.options.authorization} }` : '',
      this.options.tls ? `tls { ${this.options.tls} }` : '',
    ].join('\n')
    const file = join(this.dir, `${this.name}.conf`)
    await writeFile(file, config)
    this.metaLeader = null
    const child = spawn(binary, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error(`nats-server ${this.name} did not get ready:\n${log}`))
      }, 15_000)
      child.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString()
        for (const [, name] of text.matchAll(/new metadata leader: ([^/\s]+)/g)) this.metaLeader = name ?? null
        if (log.length > 100_000) return
        log += text
        if (!log.includes('Server is ready')) return
        clearTimeout(timer)
        resolve()
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`nats-server ${this.name} exited (${code}):\n${log}`))
      })
    })
    this.child = child
    child.once('exit', () => {
      if (this.child === child) this.child = null
    })
  }

  async kill() {
    const child = this.child
    if (child === null || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    this.child = null
  }
}
