import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { signOut } from '../../api/auth'
import { PageLoading } from '../../components/PageLoading'

/** Spec section 2: the guard sends a 401 here; signing out clears the stale token, then login. */
export default function LogoutPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  useEffect(() => {
    const next = params.get('next')
    void signOut().then(() => navigate(next ? `/login?next=${encodeURIComponent(next)}` : '/login', { replace: true }))
  }, [navigate, params])
  return <PageLoading />
}
