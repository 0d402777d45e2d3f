/**
 * A service as a client sees it, declared once in the service's `.shared.ts` (which the renderer
 * may import): its path, its methods, and whether its records belong to a branch. The list in
 * client-services.ts names each declaration once; the client's types come from them.
 */
export interface ClientServiceDeclaration<Path extends string = string, Service = unknown> {
  readonly path: Path
  readonly methods: readonly string[]
  /** Its records belong to a branch: the client fills the current branch before a create (spec section 7). */
  readonly branchScoped: boolean
  /** Type only (never set): the service as the client calls it. */
  readonly service?: Service
}

/** `clientService<TagClientService>()(tagPath, tagMethods)`: the service type first, the rest inferred. */
export function clientService<Service>() {
  return <Path extends string>(path: Path, methods: readonly string[], options: { branchScoped?: boolean } = {}): ClientServiceDeclaration<Path, Service> => ({
    path,
    methods,
    branchScoped: options.branchScoped === true
  })
}
